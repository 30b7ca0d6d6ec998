import {
  ZApplyCreditRequest,
  ZApplyCreditResponse,
  ZHoldCashRequest,
  ZHoldCashResponse,
  ZLoanIdParam,
  ZRefundRequest,
  ZRefundResponse,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { postIdempotent } from '../../platform/idempotent-route';
import { COLLECTORS, EMI_ADMINS } from './access';
import { createCreditCalls } from './credit-service';

/** Credit held: apply it to EMIs, refund it (admins); cash a collector could not apply, held as credit. */
export const emiCreditRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const credit = createCreditCalls(deps);

    postIdempotent(
      app,
      {
        url: '/api/loans/:id/apply-credit',
        tags: ['emis'],
        summary:
          "Apply the loan's credit held (admins): it pays open EMIs oldest first, whole EMIs only (amount + late charge), with payment mode 'credit'; no cash is counted. Body {} (notes optional). Answers {message, applied, credit_held, emis}.",
        description:
          '409 NO_CREDIT_HELD without credit, CREDIT_NOT_ENOUGH when it does not pay the oldest open EMI in full, and as for payments when the loan is not approved.',
        params: ZLoanIdParam,
        body: ZApplyCreditRequest,
        reply: ZApplyCreditResponse,
        access: EMI_ADMINS,
      },
      (caller, path, body) => credit.apply({ ...caller, loanId: path.id }, body),
    );

    postIdempotent(
      app,
      {
        url: '/api/loans/:id/refund',
        tags: ['emis'],
        summary:
          'Record a refund of credit held to the borrower (admins), once the loan is closed or in default: {amount (0 < amount ≤ credit held), payment_mode, notes?}. A `refund` ledger row. Answers {message, refunded, credit_held}.',
        description:
          '409 REFUND_NOT_DUE while the loan runs (apply the credit instead), NO_CREDIT_HELD without credit; 400 REFUND_AMOUNT_OUT_OF_RANGE above the credit held.',
        params: ZLoanIdParam,
        body: ZRefundRequest,
        reply: ZRefundResponse,
        access: EMI_ADMINS,
      },
      (caller, path, body) => credit.refund({ ...caller, loanId: path.id }, body),
    );

    postIdempotent(
      app,
      {
        url: '/api/loans/:id/hold-cash',
        tags: ['emis'],
        summary:
          "Record cash a collector took that can no longer be applied (the phone's collection met a conflict: EMI paid by someone else, loan edited or closed, amount changed) as the loan's credit held (agents for their own customers, admins): {amount, payment_mode, collected_at?, reason?, notes?}. Counts as cash collected by the caller on the business day; no EMI changes. Answers {message, held, credit_held}.",
        description:
          "400 VALIDATION_FAILED for an amount out of range (0 < amount ≤ ₹10,00,00,000), COLLECTED_AT_OUT_OF_RANGE as for payments; 404 outside the caller's customers; 409 LOAN_NOT_APPROVED for a loan never approved (closed and defaulted loans take it, as a refund due), CASH_DAY_CLOSED when the caller's cash day is closed.",
        params: ZLoanIdParam,
        body: ZHoldCashRequest,
        reply: ZHoldCashResponse,
        access: COLLECTORS,
      },
      (caller, path, body) => credit.hold({ ...caller, loanId: path.id }, body),
    );
  };

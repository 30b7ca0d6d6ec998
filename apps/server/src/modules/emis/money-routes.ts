import {
  ZBounceEmiRequest,
  ZBounceEmiResponse,
  ZEmiPathParams,
  ZPayEmiRequest,
  ZPayEmiResponse,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { postIdempotent } from '../../platform/idempotent-route';
import { COLLECTORS } from './access';
import { createEmiBounces } from './bounce-service';
import { createEmiPayments } from './pay-service';

/** Collecting: POST /emi/pay and /emi/bounce, admins and agents for their own customers. */
export const emiMoneyRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const payments = createEmiPayments(deps);
    const bounces = createEmiBounces(deps);

    postIdempotent(
      app,
      {
        url: '/api/emi/pay/:loanId/:emiNumber',
        tags: ['emis'],
        summary:
          "Pay an EMI of an approved loan: full (amount + late charges), emi_only (amount; charges carried to the next open EMI) or partial (0 < payment_amount ≤ amount; the remaining and its 10% charge carried). Answers {message, receipt}: 'EMI n fully paid.' or 'Partial payment of ₹x received. Remaining balance: ₹y.'",
        description:
          "payment_mode one of cash, upi, bank_transfer, cheque, card, other (default cash); payment_type default full. late_charge_amount (≥ 0) is a charge levied at collection: booked on the EMI, then collected (full) or carried (emi_only, partial). For full and emi_only a payment_amount, when sent, must equal what is collected (400 otherwise). An earlier current bounced EMI's dues roll into the paid EMI first. 409 when the loan is not approved or is closed/default, the EMI is already paid, a bounced EMI is not the current one, partial on a bounced EMI, or a carry has no later open EMI. The loan closes itself when nothing is left open.",
        params: ZEmiPathParams,
        body: ZPayEmiRequest,
        reply: ZPayEmiResponse,
        access: COLLECTORS,
      },
      (caller, path, body) => payments.pay(caller, path, body),
    );

    postIdempotent(
      app,
      {
        url: '/api/emi/bounce/:loanId/:emiNumber',
        tags: ['emis'],
        summary:
          "Mark an EMI bounced with a charge (late_charges ≥ 0, default 0) and a reason (default 'Payment failed'). Answers {message: 'EMI n marked as bounced', emi}.",
        description:
          'An earlier current bounced EMI rolls its dues into this one (which becomes current); a skipped EMI bounced before the current one rolls into it. emi_amount is informational. 409 as for payments.',
        params: ZEmiPathParams,
        body: ZBounceEmiRequest,
        reply: ZBounceEmiResponse,
        access: COLLECTORS,
      },
      (caller, path, body) => bounces.bounce(caller, path, body),
    );
  };

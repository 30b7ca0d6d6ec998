import {
  type PaymentType,
  paiseToRupees,
  type RecordedPaymentMode,
  type TLoanPaymentsQuery,
  type TLoanPaymentsResponse,
} from '@lending/domain';
import type { AuthUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { findVisibleLoan } from '../loans';
import { countLoanPayments, listLoanPayments } from './payment-history-repository';

/** A loan's payment history: every payment record, each with its receipt (also after a rewrite). */
export const createPaymentHistory = (deps: AppDeps) => ({
  /** GET /loans/{loanId}/payments, within the caller's scope (borrowers: their own loans; else 404). */
  async list(actor: AuthUser, loanId: number, query: TLoanPaymentsQuery): Promise<TLoanPaymentsResponse> {
    await findVisibleLoan(deps.db, actor, loanId);
    const rows = await listLoanPayments(deps.db, loanId, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    const count = await countLoanPayments(deps.db, loanId);
    return {
      results: rows.map((row) => ({
        payment_id: row.paymentId,
        emi_number: row.emiNumber,
        emi_replaced: row.emiReplaced,
        payment_date: row.paymentDate,
        business_date: row.businessDate,
        paid_at: row.paidAt,
        payment_type: row.paymentType as PaymentType,
        payment_mode: row.paymentMode as RecordedPaymentMode,
        amount_collected: paiseToRupees(row.amountCollected),
        collected_by: row.collectedBy,
      })),
      count,
      page: query.page,
      totalPages: Math.ceil(count / query.limit),
    };
  },
});

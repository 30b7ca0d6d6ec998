import {
  collectOverdue,
  fieldMessages,
  formatRupees,
  paiseToRupees,
  rupeesToPaise,
  type TPayOverdueRequest,
  type TPayOverdueResponse,
} from '@lending/domain';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import type { Answer } from '../../platform/idempotency';
import type { Caller } from '../../platform/idempotent-route';
import { collectedAtOf, recordedReceipt } from '../emis';
import { refusalError, runMoneyCall, storePayments } from '../money';

const amountMismatch = (due: number) =>
  `The overdue EMIs now come to ${formatRupees(due, due % 100 === 0 ? 0 : 2)}, not the amount sent`;

/** The agent's collect (POST /emis/pay-overdue). */
export const createOverdueCollection = (deps: AppDeps) => ({
  /**
   * Pays every overdue EMI of one loan, oldest first, in one money call (one transaction under the
   * loan's lock, Idempotency-Key honoured, the caller's scope: agents their own customers' loans).
   * The domain's `collectOverdue` decides every payment on the state the one before left; the whole
   * outcome is stored at once, then each EMI's payment is recorded exactly as POST /emi/pay records
   * one (payment row, `emi_paid` audit, ledger rows, receipt). Nothing overdue is a 409.
   */
  async collect(caller: Caller, input: TPayOverdueRequest): Promise<Answer<TPayOverdueResponse>> {
    const lateCharge =
      input.late_charge_amount === undefined ? null : rupeesToPaise(input.late_charge_amount);
    const collectedAt = collectedAtOf(input.collected_at, deps.clock.now());
    return runMoneyCall(deps, { ...caller, loanId: input.loan_id, movesCash: true }, async (context) => {
      const outcome = collectOverdue(context.loaded.state, { today: context.today, lateCharge });
      if (!outcome.ok) throw refusalError(outcome, { LATE_CHARGE_OUT_OF_RANGE: 'late_charge_amount' });
      // A collection taken offline names the cash in hand: anything else due now is not what was taken.
      if (input.expected_total !== undefined && rupeesToPaise(input.expected_total) !== outcome.collected)
        throw badRequest('PAYMENT_AMOUNT_MISMATCH', amountMismatch(outcome.collected), [
          { param: 'expected_total', msg: amountMismatch(outcome.collected) },
        ]);
      const recorded = await storePayments(
        context,
        outcome,
        outcome.payments.map((payment) => ({
          emiNumber: payment.emiNumber,
          paymentType: 'full' as const,
          paymentMode: input.payment_mode,
          result: payment,
          entries: payment.entries,
          collectedAt,
          auditExtra: { collection: 'overdue', overdue_emis: outcome.payments.length },
        })),
      );
      const receipts = recorded.map((payment) => recordedReceipt(context.people, payment));
      return {
        message: fieldMessages.overdueCollected(outcome.payments.length, outcome.collected),
        total_collected: paiseToRupees(outcome.collected),
        receipts,
      };
    });
  },
});

import {
  collectPayment,
  emiMessages,
  rupeesToPaise,
  type TEmiPathParams,
  type TPayEmiRequest,
  type TPayEmiResponse,
} from '@lending/domain';
import type { AppDeps } from '../../platform/deps';
import type { Answer } from '../../platform/idempotency';
import type { Caller } from '../../platform/idempotent-route';
import { refusalError, runMoneyCall, storePayments } from '../money';
import { assertBodyMatchesPath, collectedAtOf } from './checks';
import { recordedReceipt } from './receipt-service';

const toPaise = (rupees: number | undefined) => (rupees === undefined ? null : rupeesToPaise(rupees));

/** Paying EMIs (docs/lending-rules.md "Payment of EMI n"), with a late charge levied at collection if any. */
export const createEmiPayments = (deps: AppDeps) => ({
  /**
   * POST /emi/pay/{loanId}/{emiNumber}: under the loan's lock the domain's `collectPayment` decides;
   * its EMIs, ledger rows and credit event are stored with a payment record (mode, collector) and an
   * `emi_paid` audit row; the answer is the receipt of the rows just written.
   */
  async pay(caller: Caller, path: TEmiPathParams, input: TPayEmiRequest): Promise<Answer<TPayEmiResponse>> {
    assertBodyMatchesPath(input, path);
    const paymentAmount = toPaise(input.payment_amount);
    const lateCharge = toPaise(input.late_charge_amount);
    const collectedAt = collectedAtOf(input.collected_at, deps.clock.now());
    return runMoneyCall(deps, { ...caller, loanId: path.loanId, movesCash: true }, async (context) => {
      const outcome = collectPayment(context.loaded.state, {
        emiNumber: path.emiNumber,
        paymentType: input.payment_type,
        paymentAmount,
        lateCharge,
        today: context.today,
      });
      if (!outcome.ok) {
        throw refusalError(outcome, {
          PARTIAL_AMOUNT_OUT_OF_RANGE: 'payment_amount',
          PAYMENT_AMOUNT_MISMATCH: 'payment_amount',
          LATE_CHARGE_OUT_OF_RANGE: 'late_charge_amount',
        });
      }
      const [recorded] = await storePayments(context, outcome, [
        {
          emiNumber: path.emiNumber,
          paymentType: input.payment_type,
          paymentMode: input.payment_mode,
          notes: input.notes,
          result: outcome,
          collectedAt,
        },
      ]);
      if (!recorded) throw new Error(`the payment of EMI ${path.emiNumber} was not recorded`);
      const { stored, emi } = recorded;
      const message =
        input.payment_type === 'partial'
          ? emiMessages.partiallyPaid(stored.partial_payment_amount ?? 0, stored.remaining_balance ?? 0)
          : emiMessages.fullyPaid(emi.emiNumber);
      return { message, receipt: recordedReceipt(context.people, recorded) };
    });
  },
});

import {
  collectPayment,
  emiMessages,
  rupeesToPaise,
  type TEmiPathParams,
  type TPayEmiRequest,
  type TPayEmiResponse,
} from '@lending/domain';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import type { Answer } from '../../platform/idempotency';
import {
  assertBodyMatchesPath,
  type MoneyCall,
  refusalError,
  runMoneyCall,
  storeOutcome,
} from './money-call';
import { readReceipt } from './receipt-service';
import { findEmiByNumber, insertPayment, setEmiNotes } from './repository';

const toPaise = (rupees: number | undefined) => (rupees === undefined ? null : rupeesToPaise(rupees));

/** Paying EMIs (DESIGN §6 "Payment of EMI n"), with a late charge levied at collection if any. */
export const createEmiPayments = (deps: AppDeps) => ({
  /**
   * POST /emi/pay/{loanId}/{emiNumber}: under the loan's lock the domain's `collectPayment` decides;
   * its EMIs, ledger rows and credit event are stored with a payment record (mode, collector) and an
   * `emi_paid` audit row; the answer is the receipt, read back from what was stored.
   */
  async pay(
    call: Omit<MoneyCall, 'loanId'>,
    path: TEmiPathParams,
    input: TPayEmiRequest,
  ): Promise<Answer<TPayEmiResponse>> {
    assertBodyMatchesPath(input, path);
    const paymentAmount = toPaise(input.payment_amount);
    const lateCharge = toPaise(input.late_charge_amount);
    return runMoneyCall(deps, { ...call, loanId: path.loanId }, async (context) => {
      const { tx, loaded, people, now, today } = context;
      const outcome = collectPayment(loaded.state, {
        emiNumber: path.emiNumber,
        paymentType: input.payment_type,
        paymentAmount,
        lateCharge,
        today,
      });
      if (!outcome.ok) {
        throw refusalError(outcome, {
          PARTIAL_AMOUNT_OUT_OF_RANGE: 'payment_amount',
          PAYMENT_AMOUNT_MISMATCH: 'payment_amount',
          LATE_CHARGE_OUT_OF_RANGE: 'late_charge_amount',
        });
      }
      await storeOutcome(context, outcome);
      const emi = await findEmiByNumber(tx, path.loanId, path.emiNumber);
      if (!emi) throw new Error(`EMI ${path.emiNumber} vanished from loan ${path.loanId}`);
      await insertPayment(tx, {
        loanId: path.loanId,
        emiId: emi.id,
        emiNumber: emi.emiNumber,
        paymentType: input.payment_type,
        paymentMode: input.payment_mode,
        amount: outcome.collected,
        lateChargeLevied: outcome.levied,
        partialPaymentAmount: emi.partialPaymentAmount,
        remainingBalance: emi.remainingBalance,
        carriedAmount: outcome.carried?.amount ?? 0,
        carriedToEmi: outcome.carried?.to ?? null,
        collectedBy: call.actor.id,
        paymentDate: today,
        paidAt: now,
        notes: input.notes || null,
      });
      if (input.notes) await setEmiNotes(tx, emi.id, input.notes, now);
      await writeAudit(tx, call.audit, {
        action: 'emi_paid',
        resourceType: 'loan',
        resourceId: path.loanId,
        metadata: {
          emi_id: emi.id,
          emi_number: emi.emiNumber,
          payment_type: input.payment_type,
          payment_mode: input.payment_mode,
          collected_paise: outcome.collected,
          late_charge_levied_paise: outcome.levied,
          partial_charge_paise: outcome.partialCharge,
          carried: outcome.carried,
          rolled_from: outcome.rolledFrom,
        },
      });
      const receipt = await readReceipt(tx, people, emi);
      const message =
        input.payment_type === 'partial'
          ? emiMessages.partiallyPaid(emi.partialPaymentAmount ?? 0, emi.remainingBalance ?? 0)
          : emiMessages.fullyPaid(emi.emiNumber);
      return { message, receipt };
    });
  },
});

import type { Paise } from '../money';
import { isPaise } from './arith';
import { draftOf, emiIn, finish, isRefused, record, rupees, settleableEmi } from './emi-rules';
import { ledgerEntry } from './ledger';
import { type PayEmiInput, type PaymentResult, payEmi } from './payments';
import { type LendingOutcome, refuse } from './refusals';
import type { LoanState } from './types';

/** What a levy did, beyond the new state. */
export type LevyResult = { levied: Paise };

/**
 * Levies an extra late charge on an open EMI (`amount` paise, ≥ 0): the EMI's late charge grows by
 * it and a `charge` row (cause `collection_charge`, all penalty) books it. 0 changes nothing.
 */
export const levyLateCharge = (
  state: LoanState,
  input: { emiNumber: number; amount: Paise },
): LendingOutcome<LevyResult> => {
  const { emiNumber, amount } = input;
  const found = settleableEmi(state, emiNumber);
  if (isRefused(found)) return found;
  if (!isPaise(amount) || amount < 0 || !isPaise(found.late_charge + amount))
    return refuse(state, 'LATE_CHARGE_OUT_OF_RANGE', 'The late charge must be a whole amount of ₹0 or more.');

  const draft = draftOf(state);
  emiIn(draft, emiNumber).late_charge += amount;
  record(draft, ledgerEntry('charge', 'collection_charge', emiNumber, { instalment: 0, penalty: amount }));
  return finish(draft, { levied: amount });
};

/** A payment as the collector records it. */
export type CollectInput = Omit<PayEmiInput, 'amount'> & {
  /**
   * What the collector says they received (paise). For `partial` it is the partial amount; for
   * `full` and `emi_only` it is optional and, when given, must equal what the payment collects.
   */
  paymentAmount?: Paise | null;
  /** An extra late charge levied at collection (paise, ≥ 0), booked on the EMI before it is paid. */
  lateCharge?: Paise | null;
};

/** What a collection did: the payment's result and the late charge levied with it. */
export type CollectResult = PaymentResult & LevyResult;

const TYPE_LABEL = { full: 'full', emi_only: 'EMI-only', partial: 'partial' } as const;

/**
 * A payment with an optional late charge levied at collection (docs/decisions.md "EMI payments"):
 * the charge is booked on the EMI first, then the payment applies (a full payment collects it,
 * emi_only and partial carry it on like any late charge). All or nothing: a refused payment leaves
 * the levy undone. A declared amount on a full or EMI-only payment that is not what the payment
 * collects is refused, so the books never say other than the cash in hand.
 */
export const collectPayment = (state: LoanState, input: CollectInput): LendingOutcome<CollectResult> => {
  const { paymentAmount = null, lateCharge = null, ...payment } = input;
  let base = state;
  let levy: LendingOutcome<LevyResult> | null = null;
  if (lateCharge !== null && lateCharge !== 0) {
    levy = levyLateCharge(state, { emiNumber: payment.emiNumber, amount: lateCharge });
    if (!levy.ok) return levy;
    base = levy.state;
  }
  const paid = payEmi(base, { ...payment, amount: payment.paymentType === 'partial' ? paymentAmount : null });
  if (!paid.ok) return { ...paid, state };
  if (payment.paymentType !== 'partial' && paymentAmount !== null && paymentAmount !== paid.collected) {
    return refuse(
      state,
      'PAYMENT_AMOUNT_MISMATCH',
      `A ${TYPE_LABEL[payment.paymentType]} payment of EMI ${payment.emiNumber} collects ${rupees(paid.collected)} now, not ${isPaise(paymentAmount) ? rupees(paymentAmount) : 'that amount'}.`,
    );
  }
  return {
    ...paid,
    entries: [...(levy?.entries ?? []), ...paid.entries],
    events: [...(levy?.events ?? []), ...paid.events],
    levied: levy?.levied ?? 0,
  };
};

/**
 * What a full payment of EMI `emiNumber` would collect now (its amount and late charge, plus the
 * dues of an earlier current bounced EMI that roll into it), or null when it cannot be paid. Only
 * that EMI and the loan's current bounced EMI matter, so `state` may hold just those two.
 */
export const fullPaymentDue = (state: LoanState, emiNumber: number): Paise | null => {
  const emi = state.emis.find((candidate) => candidate.emi_number === emiNumber);
  if (!emi) return null;
  const outcome = payEmi(state, { emiNumber, paymentType: 'full', today: emi.emi_date });
  return outcome.ok ? outcome.collected : null;
};

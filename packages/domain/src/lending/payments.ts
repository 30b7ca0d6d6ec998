import type { Paise } from '../money';
import { daysBetween, type IsoDate } from '../time';
import { isPaise, partialCharge } from './arith';
import {
  carry,
  draftOf,
  emiIn,
  finish,
  isRefused,
  penaltyOf,
  record,
  recoverDuesOn,
  rollForward,
  rupees,
  settleableEmi,
} from './emi-rules';
import { ledgerEntry, type MoneyParts } from './ledger';
import { currentBouncedEmi, nextOpenAfter } from './open';
import { type LendingOutcome, refuse } from './refusals';
import type { LoanState, PaymentType } from './types';

/** A payment of one EMI; `amount` (paise) is read only for `partial`. */
export type PayEmiInput = {
  emiNumber: number;
  paymentType: PaymentType;
  amount?: Paise | null;
  today: IsoDate;
};

/** What a payment did, beyond the new state. */
export type PaymentResult = {
  /** Money received now. */
  collected: Paise;
  /** The 10% partial charge added (0 for other types). */
  partialCharge: Paise;
  /** Where dues left unpaid went, if anywhere. */
  carried: { to: number; amount: Paise } | null;
  /** The bounced EMI whose dues rolled into this one first, if any. */
  rolledFrom: number | null;
};

/** A payment on or before the EMI's date (IST) is on time, after it late (docs/lending-rules.md). */
export const paymentEventType = (emiDate: IsoDate, paidOn: IsoDate): 'EMI_PAID_ON_TIME' | 'EMI_PAID_LATE' =>
  daysBetween(emiDate, paidOn) <= 0 ? 'EMI_PAID_ON_TIME' : 'EMI_PAID_LATE';

/**
 * Pays EMI n (docs/lending-rules.md). The current bounced EMI, if earlier than n, first rolls its dues into n's
 * late charge. Then `full` collects amount + late charge; `emi_only` collects the amount and carries
 * the late charge to the next open EMI; `partial` (0 < x ≤ amount, never on a bounced EMI) collects x
 * and carries late charge + remaining + 10% of remaining (rounded to the rupee) to the next open EMI.
 * A carry with no open EMI after n is refused; with nothing to carry, none is needed.
 */
export const payEmi = (state: LoanState, input: PayEmiInput): LendingOutcome<PaymentResult> => {
  const { emiNumber, paymentType, today } = input;
  const found = settleableEmi(state, emiNumber);
  if (isRefused(found)) return found;

  const partialAmount = input.amount ?? null;
  if (paymentType === 'partial') {
    if (found.status === 'bounced') {
      return refuse(
        state,
        'PARTIAL_ON_BOUNCED',
        `EMI ${emiNumber} bounced; it can be paid only in full or EMI-only.`,
      );
    }
    if (!isPaise(partialAmount) || partialAmount <= 0 || partialAmount > found.amount) {
      return refuse(
        state,
        'PARTIAL_AMOUNT_OUT_OF_RANGE',
        `A partial payment must be above ₹0 and at most the EMI amount, ${rupees(found.amount)}.`,
      );
    }
  }

  const draft = draftOf(state);
  const bounced = currentBouncedEmi(state);
  const rolledFrom = bounced !== null && bounced.emi_number < emiNumber ? bounced.emi_number : null;
  if (rolledFrom !== null) rollForward(draft, emiIn(draft, rolledFrom), emiNumber);

  const emi = emiIn(draft, emiNumber);
  const paid = paymentType === 'partial' ? (partialAmount ?? 0) : emi.amount;
  const remaining = emi.amount - paid;
  const charge = paymentType === 'partial' ? partialCharge(remaining) : 0;
  // What stays unpaid and moves on: nothing for `full`; the late charge, plus for `partial` the
  // remaining instalment and its 10% charge.
  const carriedParts: MoneyParts =
    paymentType === 'full'
      ? { instalment: 0, penalty: 0 }
      : { instalment: emi.carried_instalment + remaining, penalty: penaltyOf(emi) + charge };
  const carriedAmount = carriedParts.instalment + carriedParts.penalty;
  const next = carriedAmount > 0 ? nextOpenAfter(draft.emis, emiNumber) : null;
  if (carriedAmount > 0 && next === null) {
    return refuse(
      state,
      'CARRY_FROM_LAST_EMI',
      `No open EMI follows EMI ${emiNumber} to carry ${rupees(carriedAmount)} to; pay it in full or mark it bounced.`,
    );
  }

  const collectedParts: MoneyParts =
    paymentType === 'full'
      ? { instalment: emi.amount + emi.carried_instalment, penalty: penaltyOf(emi) }
      : { instalment: paid, penalty: 0 };
  const collected = collectedParts.instalment + collectedParts.penalty;
  record(draft, ledgerEntry('charge', 'partial_charge', emiNumber, { instalment: 0, penalty: charge }));
  record(draft, ledgerEntry('collected', 'payment', emiNumber, collectedParts));
  if (next !== null) {
    carry(
      draft,
      paymentType === 'partial' ? 'partial' : 'emi_only',
      emiNumber,
      next.emi_number,
      carriedParts,
    );
  } else {
    // Nothing of this EMI is left owing, so every bounced due that sat on it was collected.
    recoverDuesOn(draft, emiNumber);
  }

  emi.status = paymentType === 'partial' ? 'partial' : 'paid';
  emi.payment_type = paymentType;
  emi.paid_on = today;
  emi.partial_payment_amount = paymentType === 'partial' ? paid : null;
  emi.remaining_balance = paymentType === 'partial' ? remaining : null;
  draft.events.push({
    event_type: paymentEventType(emi.emi_date, today),
    emi_number: emiNumber,
    emi_amount: emi.amount,
    amount: collected,
    on: today,
    bounce_reason: null,
    bounce_sequence: null,
    charges_applied: null,
  });
  return finish(draft, {
    collected,
    partialCharge: charge,
    carried: next === null ? null : { to: next.emi_number, amount: carriedAmount },
    rolledFrom,
  });
};

import type { Paise } from '../money';
import { isPaise } from './arith';
import { draftOf, emiIn, finish, guardLoan, penaltyOf, record, rupees } from './emi-rules';
import { ledgerEntry } from './ledger';
import { openEmis } from './open';
import { type LendingOutcome, refuse } from './refusals';
import type { ForeclosureType, LoanState } from './types';

/** The foreclosure view's figures, over open EMIs. */
export type ForeclosureSummary = {
  pendingEmis: number;
  totalEmiAmount: Paise;
  totalLateCharges: Paise;
  /** The credit held the foreclosure consumes (at most what the open EMIs owe). */
  creditApplied: Paise;
  /** What is still to pay: the open EMIs' amounts and late charges, less the credit held. */
  totalPendingAmount: Paise;
};

/**
 * What a foreclosure would settle: the open EMIs' amounts and late charges, reduced by the loan's
 * credit held (`credit`, paise), which the foreclosure consumes first.
 */
export const foreclosureSummary = (state: LoanState, credit: Paise = 0): ForeclosureSummary => {
  const open = openEmis(state);
  const totalEmiAmount = open.reduce((sum, emi) => sum + emi.amount, 0);
  const totalLateCharges = open.reduce((sum, emi) => sum + emi.late_charge, 0);
  const creditApplied = Math.min(Math.max(credit, 0), totalEmiAmount + totalLateCharges);
  return {
    pendingEmis: open.length,
    totalEmiAmount,
    totalLateCharges,
    creditApplied,
    totalPendingAmount: totalEmiAmount + totalLateCharges - creditApplied,
  };
};

/**
 * A foreclosure; `amount` (paise, cash) is required for full_and_final and settlement, ignored for
 * full; `credit` is the loan's credit held, consumed before any cash.
 */
export type ForecloseInput = { type: ForeclosureType; amount?: Paise | null; credit?: Paise };

/** What a foreclosure did, beyond the new state. */
export type ForeclosureResult = {
  /** Cash received (foreclosure_amount). */
  collected: Paise;
  /** Credit held consumed. */
  creditApplied: Paise;
  /** The shortfall written off (foreclosure_remaining_amount). */
  writtenOff: Paise;
  /** A full_and_final amount above total pending: recorded as a charge, then collected. */
  premium: Paise;
};

/**
 * Forecloses an approved loan (docs/lending-rules.md). Total pending is what the open EMIs owe less
 * the credit held, which is consumed first (`credit_applied` rows). `full` collects total pending and closes; `full_and_final`
 * collects 0 ≤ x ≤ 1.5 × pending and closes; `settlement` collects 0 ≤ x ≤ pending and defaults. Open
 * EMIs become `foreclosed`. The amount pays instalment money of every open EMI (in EMI order) before
 * any charge, so a shortfall writes off charges first. Bounced records are recovered only when the
 * whole pending amount was collected, else written off.
 */
export const foreclose = (state: LoanState, input: ForecloseInput): LendingOutcome<ForeclosureResult> => {
  const loanRefusal = guardLoan(state);
  if (loanRefusal) return loanRefusal;
  const { totalPendingAmount: pending, creditApplied } = foreclosureSummary(state, input.credit ?? 0);
  const open = openEmis(state);
  const last = open.at(-1);
  if (last === undefined)
    return refuse(state, 'NOTHING_PENDING', 'Nothing is pending on this loan to foreclose.');

  let amount = pending;
  if (input.type !== 'full') {
    const given = input.amount ?? null;
    if (given === null) {
      return refuse(state, 'FORECLOSURE_AMOUNT_REQUIRED', 'Enter the agreed foreclosure amount.');
    }
    // 1.5 × pending without fractions: x ≤ 1.5p ⇔ 2x ≤ 3p.
    const withinCap = input.type === 'settlement' ? given <= pending : given * 2 <= pending * 3;
    if (!isPaise(given) || given < 0 || !withinCap) {
      const cap = input.type === 'settlement' ? 'the total pending' : '1.5 times the total pending';
      return refuse(
        state,
        'FORECLOSURE_AMOUNT_OUT_OF_RANGE',
        `The amount must be between ₹0 and ${cap} (${rupees(pending)} pending).`,
      );
    }
    amount = given;
  }

  const draft = draftOf(state);
  const premium = Math.max(0, amount - pending);
  record(
    draft,
    ledgerEntry('charge', 'foreclosure_premium', last.emi_number, { instalment: 0, penalty: premium }),
  );
  let left = creditApplied + amount - premium;
  const take = (owed: Paise): Paise => {
    const taken = Math.min(left, owed);
    left -= taken;
    return taken;
  };
  // What each open EMI receives, instalment money of every EMI before any charge; the credit held
  // pays the first of it, cash the rest.
  const instalmentTaken = open.map((emi) => take(emi.amount + emi.carried_instalment));
  const penaltyTaken = open.map((emi) => take(penaltyOf(emi)));
  let creditLeft = creditApplied;
  const fromCredit = (taken: Paise): Paise => {
    const paid = Math.min(creditLeft, taken);
    creditLeft -= paid;
    return paid;
  };
  const instalmentCredit = instalmentTaken.map(fromCredit);
  const penaltyCredit = penaltyTaken.map(fromCredit);
  open.forEach((emi, index) => {
    const instalment = instalmentTaken[index] ?? 0;
    const penalty = penaltyTaken[index] ?? 0;
    const credit = { instalment: instalmentCredit[index] ?? 0, penalty: penaltyCredit[index] ?? 0 };
    const premiumHere = emi.emi_number === last.emi_number ? premium : 0;
    record(draft, ledgerEntry('credit_applied', 'foreclosure', emi.emi_number, credit));
    record(
      draft,
      ledgerEntry('collected', 'foreclosure', emi.emi_number, {
        instalment: instalment - credit.instalment,
        penalty: penalty - credit.penalty + premiumHere,
      }),
    );
    record(
      draft,
      ledgerEntry('written_off', 'foreclosure', emi.emi_number, {
        instalment: emi.amount + emi.carried_instalment - instalment,
        penalty: penaltyOf(emi) - penalty,
      }),
    );
  });

  const openNumbers = new Set(open.map((emi) => emi.emi_number));
  for (const emi of draft.emis) {
    if (emi.bounce_status === 'bounced' && emi.dues_with !== null && openNumbers.has(emi.dues_with)) {
      // Collected in full, or left unrecovered by the shortfall this foreclosure writes off.
      emi.bounce_status = amount >= pending ? 'recovered' : 'written_off';
    }
  }
  for (const number of openNumbers) emiIn(draft, number).status = 'foreclosed';
  draft.status = input.type === 'settlement' ? 'default' : 'closed';
  const writtenOff = Math.max(0, pending - amount);
  return finish(draft, { collected: amount, creditApplied, writtenOff, premium });
};

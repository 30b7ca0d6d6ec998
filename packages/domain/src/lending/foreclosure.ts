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
  totalPendingAmount: Paise;
};

/** What a foreclosure would settle: the open EMIs' amounts and late charges. */
export const foreclosureSummary = (state: LoanState): ForeclosureSummary => {
  const open = openEmis(state);
  const totalEmiAmount = open.reduce((sum, emi) => sum + emi.amount, 0);
  const totalLateCharges = open.reduce((sum, emi) => sum + emi.late_charge, 0);
  return {
    pendingEmis: open.length,
    totalEmiAmount,
    totalLateCharges,
    totalPendingAmount: totalEmiAmount + totalLateCharges,
  };
};

/** A foreclosure; `amount` (paise) is required for full_and_final and settlement, ignored for full. */
export type ForecloseInput = { type: ForeclosureType; amount?: Paise | null };

/** What a foreclosure did, beyond the new state. */
export type ForeclosureResult = {
  /** Money received (foreclosure_amount). */
  collected: Paise;
  /** The shortfall written off (foreclosure_remaining_amount). */
  writtenOff: Paise;
  /** A full_and_final amount above total pending: recorded as a charge, then collected. */
  premium: Paise;
};

/**
 * Forecloses an approved loan (docs/lending-rules.md): `full` collects total pending and closes; `full_and_final`
 * collects 0 ≤ x ≤ 1.5 × pending and closes; `settlement` collects 0 ≤ x ≤ pending and defaults. Open
 * EMIs become `foreclosed`. The amount pays instalment money of every open EMI (in EMI order) before
 * any charge, so a shortfall writes off charges first. Bounced records are recovered only when the
 * whole pending amount was collected, else written off.
 */
export const foreclose = (state: LoanState, input: ForecloseInput): LendingOutcome<ForeclosureResult> => {
  const loanRefusal = guardLoan(state);
  if (loanRefusal) return loanRefusal;
  const pending = foreclosureSummary(state).totalPendingAmount;
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
  let left = amount - premium;
  const take = (owed: Paise): Paise => {
    const taken = Math.min(left, owed);
    left -= taken;
    return taken;
  };
  const instalmentTaken = open.map((emi) => take(emi.amount + emi.carried_instalment));
  const penaltyTaken = open.map((emi) => take(penaltyOf(emi)));
  open.forEach((emi, index) => {
    const instalment = instalmentTaken[index] ?? 0;
    const penalty = penaltyTaken[index] ?? 0;
    const premiumHere = emi.emi_number === last.emi_number ? premium : 0;
    record(
      draft,
      ledgerEntry('collected', 'foreclosure', emi.emi_number, { instalment, penalty: penalty + premiumHere }),
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
  return finish(draft, { collected: amount, writtenOff, premium });
};

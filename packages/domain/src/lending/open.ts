import type { Paise } from '../money/paise';
import type { Emi, LoanState } from './types';

/**
 * The current bounced EMI is the one bounced EMI whose dues still sit on it (`dues_with` is itself).
 * Once a later EMI is paid or bounced its dues roll into that EMI and `dues_with` points there, so
 * at most one bounced EMI is current at any time.
 */
export const isCurrentBounced = (emi: Emi): boolean =>
  emi.status === 'bounced' && emi.dues_with === emi.emi_number;

/**
 * "Open" (docs/lending-rules.md) means not yet settled: every `pending` EMI plus the current bounced one. Paid,
 * partial and foreclosed EMIs are settled, and so is a bounced EMI whose dues rolled forward (they
 * are owed on the later EMI now). Only open EMIs' amounts and late charges are outstanding.
 */
export const isOpen = (emi: Emi): boolean => emi.status === 'pending' || isCurrentBounced(emi);

/** The open EMIs of a loan, by EMI number. */
export const openEmis = (state: LoanState): Emi[] =>
  state.emis.filter(isOpen).sort((a, b) => a.emi_number - b.emi_number);

/** The current bounced EMI, if any. */
export const currentBouncedEmi = (state: LoanState): Emi | null => state.emis.find(isCurrentBounced) ?? null;

/** The first open EMI after EMI `emiNumber`: where carried dues go. */
export const nextOpenAfter = (emis: readonly Emi[], emiNumber: number): Emi | null =>
  emis
    .filter((emi) => isOpen(emi) && emi.emi_number > emiNumber)
    .reduce<Emi | null>(
      (first, emi) => (first === null || emi.emi_number < first.emi_number ? emi : first),
      null,
    );

/**
 * The EMI holding "the latest late charge" (docs/lending-rules.md): the highest-numbered open EMI
 * whose late charge is above 0; null when no open EMI owes one. A settled EMI's late charge is
 * history (collected, carried on or written off), so it is never what a clear confirms.
 */
export const latestLateChargeEmi = (state: LoanState): Emi | null =>
  state.emis
    .filter((emi) => isOpen(emi) && emi.late_charge > 0)
    .reduce<Emi | null>(
      (last, emi) => (last === null || emi.emi_number > last.emi_number ? emi : last),
      null,
    );

/** "The latest late charge" in paise: what the loan-wide clear must be confirmed with; 0 when none is owed. */
export const latestLateCharge = (state: LoanState): Paise => latestLateChargeEmi(state)?.late_charge ?? 0;

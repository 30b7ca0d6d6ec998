import type { Paise } from '../money/paise';
import { type LedgerEntry, RECEIVED_AS } from './ledger';
import { splitRecovery } from './schedule';

/** A loan's terms and the instalment money it has received so far (net of refunds), for the split. */
export type RecoveryBasis = { loanAmount: Paise; totalRepayable: Paise; collectedBefore: Paise };

/**
 * The interest part of each row of money received (`collected`; `opening`, paid before the cut-over)
 * and of each `refund` about to be written, by the recovery split (`splitRecovery`, cumulative over
 * everything received on the loan so far); null for other rows. A refund gives back the last rupees
 * collected, so it takes back their interest (negative). Fixed when the row is written, under the terms
 * in force then: a later edit of the loan's terms never changes the interest a past day earned. Money
 * paid before the cut-over takes its share too, so the split of what is collected after it goes on
 * where the old book left off (the principal recovered sums to the loan amount).
 */
export const interestSharesOf = (entries: readonly LedgerEntry[], basis: RecoveryBasis): (Paise | null)[] => {
  let collected = Math.max(0, basis.collectedBefore);
  const loan = { loanAmount: basis.loanAmount, totalRepayable: basis.totalRepayable };
  return entries.map((entry) => {
    if (entry.kind !== 'reversal' && RECEIVED_AS[entry.kind] !== null) {
      const { interest } = splitRecovery(entry.instalment, loan, collected);
      collected += entry.instalment;
      return interest;
    }
    if (entry.kind === 'refund') {
      const givenBack = Math.min(entry.instalment, collected);
      collected -= givenBack;
      return -splitRecovery(givenBack, loan, collected).interest;
    }
    return null;
  });
};

/**
 * The instalment money a loan has received (collected, or paid before the cut-over; net of refunds)
 * once `entries` are booked on top of `before`: the running basis of the split across several
 * bookings of one change.
 */
export const collectedAfter = (before: Paise, entries: readonly LedgerEntry[]): Paise =>
  entries.reduce((sum, entry) => {
    if (entry.kind !== 'reversal' && RECEIVED_AS[entry.kind] !== null) return sum + entry.instalment;
    if (entry.kind === 'refund') return sum - entry.instalment;
    return sum;
  }, before);

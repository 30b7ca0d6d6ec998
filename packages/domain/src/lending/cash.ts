import type { BookDifference } from './books';
import type { LedgerEntry } from './ledger';
import type { Emi } from './types';

/**
 * What the cash identity's sums cannot see: collected money is never un-collected. No `collected`
 * row may be cancelled by a reversal (a schedule rewrite moves applied cash into credit held with
 * `credit` rows instead), and no cash may stand applied to an EMI the loan no longer has (what the
 * old schedule held must have moved to credit held).
 */
export const collectedStillApplied = (
  entries: readonly LedgerEntry[],
  emis: readonly Emi[],
): BookDifference[] => {
  let received = 0;
  let reversed = 0;
  const appliedByEmi = new Map<number, number>();
  const apply = (emiNumber: number, amount: number) =>
    appliedByEmi.set(emiNumber, (appliedByEmi.get(emiNumber) ?? 0) + amount);
  for (const entry of entries) {
    if (entry.kind === 'collected') received += entry.amount;
    if (entry.kind === 'reversal' && entry.reverses === 'collected') reversed += entry.amount;
    if (entry.kind === 'collected' || entry.kind === 'credit_applied') apply(entry.emi_number, entry.amount);
    if (entry.kind === 'reversal' && (entry.reverses === 'collected' || entry.reverses === 'credit_applied'))
      apply(entry.emi_number, -entry.amount);
    if (entry.kind === 'credit') apply(entry.emi_number, -entry.amount);
  }
  const differences: BookDifference[] = [];
  if (reversed !== 0) {
    differences.push({
      emi_number: null,
      what: 'cash collected, never reversed (collected rows less their reversals)',
      expected: received,
      actual: received - reversed,
    });
  }
  const current = new Set(emis.map((emi) => emi.emi_number));
  for (const [emiNumber, net] of appliedByEmi) {
    if (net !== 0 && !current.has(emiNumber)) {
      differences.push({
        emi_number: emiNumber,
        what: 'cash collected on an EMI the loan no longer has',
        expected: 0,
        actual: net,
      });
    }
  }
  return differences;
};

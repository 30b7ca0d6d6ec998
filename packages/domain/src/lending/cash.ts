import type { BookDifference } from './books';
import type { LedgerEntry } from './ledger';
import type { Emi } from './types';

/**
 * The part of the cash identity the ledger can state today. The whole identity is "cash received =
 * cash applied to EMIs + credit held + cash refunded", but there are no credit-held or refund rows
 * yet, and the cash records (payments, foreclosure amounts) do not yet name the ledger rows they
 * produced. So with no credit held, every rupee collected must still be applied to one of the loan's
 * current EMIs: no `collected` row may have been cancelled by a reversal (a schedule rewrite after a
 * payment does exactly that today), and none may sit on an EMI the loan no longer has.
 */
export const collectedStillApplied = (
  entries: readonly LedgerEntry[],
  emis: readonly Emi[],
): BookDifference[] => {
  let received = 0;
  let reversed = 0;
  const netByEmi = new Map<number, number>();
  for (const entry of entries) {
    const collected = entry.kind === 'collected';
    const uncollected = entry.kind === 'reversal' && entry.reverses === 'collected';
    if (!collected && !uncollected) continue;
    if (collected) received += entry.amount;
    else reversed += entry.amount;
    const sign = collected ? 1 : -1;
    netByEmi.set(entry.emi_number, (netByEmi.get(entry.emi_number) ?? 0) + sign * entry.amount);
  }
  const differences: BookDifference[] = [];
  if (reversed !== 0) {
    differences.push({
      emi_number: null,
      what: 'cash collected, still applied to the loan (collected rows less their reversals)',
      expected: received,
      actual: received - reversed,
    });
  }
  const current = new Set(emis.map((emi) => emi.emi_number));
  for (const [emiNumber, net] of netByEmi) {
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

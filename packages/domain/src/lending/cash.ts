import type { BookDifference } from './books';
import { APPLIED_SIGN, effectiveKind, type LedgerEntry, RECEIVED_AS, signOf } from './ledger';
import type { Emi } from './types';

/**
 * What the cash identity's sums cannot see: money received is never un-received. No `collected` (or
 * `opening`: paid before the cut-over) row may be cancelled by a reversal (a schedule rewrite moves
 * applied money into credit held with `credit` rows instead), and no money may stand applied to an
 * EMI the loan no longer has (what the old schedule held must have moved to credit held).
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
    const kind = effectiveKind(entry);
    if (kind === null) continue;
    const sign = signOf(entry);
    if (RECEIVED_AS[kind] !== null) {
      if (sign > 0) received += entry.amount;
      else reversed += entry.amount;
    }
    if (APPLIED_SIGN[kind] !== 0) apply(entry.emi_number, APPLIED_SIGN[kind] * sign * entry.amount);
  }
  const differences: BookDifference[] = [];
  if (reversed !== 0) {
    differences.push({
      emi_number: null,
      what: 'money received, never reversed (collected and opening rows less their reversals)',
      expected: received,
      actual: received - reversed,
    });
  }
  const current = new Set(emis.map((emi) => emi.emi_number));
  for (const [emiNumber, net] of appliedByEmi) {
    if (net !== 0 && !current.has(emiNumber)) {
      differences.push({
        emi_number: emiNumber,
        what: 'money received applied to an EMI the loan no longer has',
        expected: 0,
        actual: net,
      });
    }
  }
  return differences;
};

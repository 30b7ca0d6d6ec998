import type { Paise } from '../money';
import { appliedByEmi, creditHeldOf } from './credit';
import {
  APPLIED_SIGN,
  checkLedgerInvariant,
  effectiveKind,
  type LedgerEntry,
  type MoneyParts,
  outstandingParts,
  RECEIVED_AS,
  signOf,
  tallyLedger,
} from './ledger';
import { isOpen } from './open';
import type { Emi } from './types';

/** One identity checked over a loan's rows: both sides in paise, and what is wrong when it fails. */
export type IdentityCheck = { ok: boolean; lhs: Paise; rhs: Paise; detail: string };

/**
 * The schedule identity: `Σ scheduled + Σ charges = Σ applied (cash collected, credit applied and
 * money paid before the cut-over, less what rewrites moved to credit held) + Σ waived + Σ written off + Σ outstanding`, where
 * outstanding is what the current schedule's open EMIs owe (amount + late charge). Checked loan-wide,
 * per EMI and per part (instalment, penalty): `ok` only when every balance holds.
 */
export const scheduleIdentity = (entries: readonly LedgerEntry[], emis: readonly Emi[]): IdentityCheck => {
  const { totals, violations } = checkLedgerInvariant(entries, emis);
  const lhs = totals.scheduled + totals.charges;
  const rhs = totals.collected + totals.waived + totals.writtenOff + totals.outstanding;
  const sums = `scheduled ${totals.scheduled} + charges ${totals.charges} = applied ${totals.collected} + waived ${totals.waived} + written off ${totals.writtenOff} + outstanding ${totals.outstanding}`;
  return {
    ok: violations.length === 0,
    lhs,
    rhs,
    detail: violations.length === 0 ? sums : `${sums}; ${violations.join('; ')}`,
  };
};

/** A loan's cash and where it stands, from its ledger rows (paise). */
export type CashPosition = {
  /** Every `collected` row: cash received, whatever later happened to the schedule. */
  cashCollected: Paise;
  /** Every `opening` row: money paid before the cut-over, in the lender's old book (no day's cash). */
  paidBeforeCutOver: Paise;
  /** What stands applied to instalments (cash, credit applied and money paid before the cut-over, less what moved to credit). */
  appliedToInstalments: Paise;
  /** What stands applied to charges, the same way. */
  chargesCollected: Paise;
  creditHeld: Paise;
  refunded: Paise;
};

/** Sums a ledger's cash rows into the cash identity's terms. */
export const cashPositionOf = (entries: readonly LedgerEntry[]): CashPosition => {
  const position = {
    cashCollected: 0,
    paidBeforeCutOver: 0,
    appliedToInstalments: 0,
    chargesCollected: 0,
    creditHeld: creditHeldOf(entries),
    refunded: 0,
  };
  for (const entry of entries) {
    const kind = effectiveKind(entry);
    const sign = signOf(entry);
    if (kind === null) continue;
    if (RECEIVED_AS[kind] === 'cash') position.cashCollected += sign * entry.amount;
    if (RECEIVED_AS[kind] === 'before cut-over') position.paidBeforeCutOver += sign * entry.amount;
    if (kind === 'refund') position.refunded += sign * entry.amount;
    const applied = APPLIED_SIGN[kind] * sign;
    position.appliedToInstalments += applied * entry.instalment;
    position.chargesCollected += applied * entry.penalty;
  }
  return position;
};

/**
 * The cash identity: `Σ cash collected + Σ paid before the cut-over = Σ applied to instalments + Σ
 * charges collected + credit held + Σ refunded`. Credit applied moves credit held into applied: it is
 * not new cash. Money paid before the cut-over (a loan taken over from another book) is money received
 * like cash, only not in any day of this book. Also fails when the credit held is negative (more
 * applied or refunded than ever credited) or when more stands applied to an EMI than it was ever paid.
 */
export const cashIdentity = (entries: readonly LedgerEntry[]): IdentityCheck => {
  const position = cashPositionOf(entries);
  const lhs = position.cashCollected + position.paidBeforeCutOver;
  const rhs =
    position.appliedToInstalments + position.chargesCollected + position.creditHeld + position.refunded;
  const problems: string[] = [];
  if (lhs !== rhs) problems.push(`cash ${lhs} is not accounted for (${rhs})`);
  if (position.creditHeld < 0) problems.push(`credit held is negative (${position.creditHeld})`);
  for (const balance of ledgerEmiBalances(entries)) {
    if (balance.applied.instalment < 0 || balance.applied.penalty < 0)
      problems.push(`EMI ${balance.emi_number}: more moved to credit than was applied`);
  }
  const before =
    position.paidBeforeCutOver === 0 ? '' : ` (${position.paidBeforeCutOver} paid before the cut-over)`;
  const sums = `cash ${lhs}${before} = instalments ${position.appliedToInstalments} + charges ${position.chargesCollected} + credit held ${position.creditHeld} + refunded ${position.refunded}`;
  return { ok: problems.length === 0, lhs, rhs, detail: [sums, ...problems].join('; ') };
};

/** What the ledger says of one EMI number (the current schedule's EMI and its predecessors'). */
export type EmiLedgerBalance = {
  emi_number: number;
  /** What it still owes: money in (scheduled, charged, carried in, credited back) less money out. */
  owed: MoneyParts;
  /** What stands applied to it: cash collected, credit applied and paid before the cut-over, less what moved to credit held. */
  applied: MoneyParts;
};

/** Each EMI number's balance as the ledger has it, by EMI number. */
export const ledgerEmiBalances = (entries: readonly LedgerEntry[]): EmiLedgerBalance[] => {
  const { flows } = tallyLedger(entries);
  const numbers = new Set<number>();
  for (const key of flows.keys()) numbers.add(Number(key.split('|')[0]));
  const applied = appliedByEmi(entries);
  const owedOf = (n: number, part: keyof MoneyParts) => {
    const flow = flows.get(`${n}|${part}`);
    return flow ? flow.in - flow.out : 0;
  };
  return [...numbers]
    .filter((n) => Number.isFinite(n))
    .sort((a, b) => a - b)
    .map((n) => ({
      emi_number: n,
      owed: { instalment: owedOf(n, 'instalment'), penalty: owedOf(n, 'penalty') },
      applied: applied.get(n) ?? { instalment: 0, penalty: 0 },
    }));
};

/**
 * Compares EMI rows with what the ledger expects of them: an open EMI owes exactly its ledger
 * balance (amount + carried instalment, and late charge − carried instalment as penalty); a settled
 * one owes nothing; an EMI number the ledger still holds money on must exist. Answers each mismatch.
 */
export const emiLedgerMismatches = (entries: readonly LedgerEntry[], emis: readonly Emi[]): string[] => {
  const byNumber = new Map(emis.map((emi) => [emi.emi_number, emi]));
  const mismatches: string[] = [];
  const balances = new Map(ledgerEmiBalances(entries).map((balance) => [balance.emi_number, balance]));
  for (const emi of emis) {
    const owed = balances.get(emi.emi_number)?.owed ?? { instalment: 0, penalty: 0 };
    const expected = outstandingParts(emi);
    const state = isOpen(emi) ? 'open' : emi.status;
    if (owed.instalment !== expected.instalment || owed.penalty !== expected.penalty)
      mismatches.push(
        `EMI ${emi.emi_number} (${state}): the ledger says it owes ${owed.instalment} + ${owed.penalty}, the row ${expected.instalment} + ${expected.penalty}`,
      );
  }
  for (const [n, balance] of balances) {
    if (byNumber.has(n)) continue;
    if (balance.owed.instalment !== 0 || balance.owed.penalty !== 0)
      mismatches.push(
        `EMI ${n}: the ledger holds ${balance.owed.instalment + balance.owed.penalty} on an EMI that does not exist`,
      );
  }
  return mismatches;
};

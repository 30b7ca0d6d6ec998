import type { Paise } from '../money';
import { isOpen } from './open';
import type { Emi } from './types';

/**
 * Kinds of ledger rows. Money enters a loan only as `scheduled` (instalments) or `charge` (bounce
 * charges, the 10% partial charge, a late charge levied at collection, a foreclosure premium); it
 * leaves only as `collected` (cash received), `credit_applied` (credit held paid to an EMI),
 * `opening` (money the borrower paid before the cut-over, in the lender's old book: it settles an
 * EMI like a payment but is cash of no day in this book), `waived` or `written_off`; `carry` moves it
 * from one EMI to a later one; `reversal` cancels an earlier schedule row. Money received is never
 * reversed: a schedule rewrite moves what was applied to the old EMIs into the loan's credit held with
 * `credit` rows, and `refund` pays credit held back.
 */
export const LEDGER_KINDS = [
  'scheduled',
  'charge',
  'collected',
  'waived',
  'written_off',
  'carry',
  'reversal',
  'credit',
  'credit_applied',
  'refund',
  'opening',
] as const;
/** A ledger row kind. */
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/** A kind a reversal can cancel. */
export type ReversibleKind = Exclude<LedgerKind, 'reversal'>;

/** What caused a ledger row. */
export const LEDGER_CAUSES = [
  'schedule',
  'bounce_charge',
  'partial_charge',
  'collection_charge',
  'foreclosure_premium',
  'payment',
  'foreclosure',
  'emi_only',
  'partial',
  'roll_forward',
  'clear_all',
  'clear_emi',
  'rewrite',
  'apply_credit',
  'refund',
  'held_cash',
  'opening',
] as const;
/** A ledger row cause. */
export type LedgerCause = (typeof LEDGER_CAUSES)[number];

/**
 * One append-only ledger row, in paise, against one EMI. `amount = instalment + penalty`: the
 * instalment part is scheduled EMI money (principal + interest), the penalty part is charges.
 */
export type LedgerEntry = {
  kind: LedgerKind;
  cause: LedgerCause;
  emi_number: number;
  /** The receiving EMI of a `carry` (and of its reversal); null otherwise. */
  to_emi_number: number | null;
  /** The kind a `reversal` cancels; null otherwise. */
  reverses: ReversibleKind | null;
  amount: Paise;
  instalment: Paise;
  penalty: Paise;
};

/** Instalment and penalty parts of an amount. */
export type MoneyParts = { instalment: Paise; penalty: Paise };

/** The EMI number of a row that belongs to the loan rather than to an EMI (a refund). */
export const LOAN_LEVEL_EMI = 0;

/** Kinds a schedule rewrite reverses: the schedule, its charges, carries, waivers and write-offs. */
export const SCHEDULE_KINDS = ['scheduled', 'charge', 'waived', 'written_off', 'carry'] as const;

/**
 * How a row of each kind moves the money that stands applied to its EMI (money the borrower paid:
 * cash collected, credit applied, or paid before the cut-over): 1 applies it, -1 takes it off (a
 * rewrite's `credit` moves it to credit held), 0 moves none. Every kind says, so a new kind must decide.
 */
export const APPLIED_SIGN: Record<ReversibleKind, -1 | 0 | 1> = {
  scheduled: 0,
  charge: 0,
  collected: 1,
  waived: 0,
  written_off: 0,
  carry: 0,
  credit: -1,
  credit_applied: 1,
  refund: 0,
  opening: 1,
};

/**
 * Money the borrower paid, by the kind that booked it: `cash` collected in this book (a day's cash and
 * collections), `before cut-over` paid in the lender's old book (`opening`: no day's cash), or none.
 */
export const RECEIVED_AS: Record<ReversibleKind, 'cash' | 'before cut-over' | null> = {
  scheduled: null,
  charge: null,
  collected: 'cash',
  waived: null,
  written_off: null,
  carry: null,
  credit: null,
  credit_applied: null,
  refund: null,
  opening: 'before cut-over',
};

/** The kind a row counts as: its own, or the one it reverses. */
export const effectiveKind = (entry: LedgerEntry): ReversibleKind | null =>
  entry.kind === 'reversal' ? entry.reverses : entry.kind;

/** +1 for a row, -1 for a reversal. */
export const signOf = (entry: LedgerEntry): 1 | -1 => (entry.kind === 'reversal' ? -1 : 1);

/** A ledger row of `kind` (not a carry or a reversal). */
export const ledgerEntry = (
  kind: Exclude<LedgerKind, 'carry' | 'reversal'>,
  cause: LedgerCause,
  emiNumber: number,
  parts: MoneyParts,
): LedgerEntry => ({
  kind,
  cause,
  emi_number: emiNumber,
  to_emi_number: null,
  reverses: null,
  amount: parts.instalment + parts.penalty,
  instalment: parts.instalment,
  penalty: parts.penalty,
});

/** A carry of `parts` from EMI `from` to EMI `to`. */
export const carryEntry = (cause: LedgerCause, from: number, to: number, parts: MoneyParts): LedgerEntry => ({
  kind: 'carry',
  cause,
  emi_number: from,
  to_emi_number: to,
  reverses: null,
  amount: parts.instalment + parts.penalty,
  instalment: parts.instalment,
  penalty: parts.penalty,
});

/** The opening rows of a schedule: one `scheduled` row per EMI. */
export const scheduleEntries = (emis: readonly Emi[]): LedgerEntry[] =>
  emis.map((emi) =>
    ledgerEntry('scheduled', 'schedule', emi.emi_number, { instalment: emi.amount, penalty: 0 }),
  );

/**
 * Rows that cancel the net position of `history`'s schedule rows (SCHEDULE_KINDS), grouped by kind,
 * cause and EMIs. Netting (rather than reversing row by row) means a second rewrite never reverses
 * what an earlier one already did. Cash rows are never reversed (see `creditsOf`).
 */
export const reversalsOf = (history: readonly LedgerEntry[]): LedgerEntry[] => {
  const groups = new Map<string, LedgerEntry>();
  for (const entry of history) {
    const kind = effectiveKind(entry);
    if (kind === null || !(SCHEDULE_KINDS as readonly string[]).includes(kind)) continue;
    const sign = signOf(entry);
    const key = [kind, entry.cause, entry.emi_number, entry.to_emi_number].join('|');
    const net = groups.get(key) ?? {
      ...entry,
      kind: 'reversal',
      reverses: kind,
      amount: 0,
      instalment: 0,
      penalty: 0,
    };
    groups.set(key, {
      ...net,
      amount: net.amount + sign * entry.amount,
      instalment: net.instalment + sign * entry.instalment,
      penalty: net.penalty + sign * entry.penalty,
    });
  }
  return [...groups.values()].filter((entry) => entry.instalment !== 0 || entry.penalty !== 0);
};

/** Sums of a ledger against the EMIs' outstanding dues, loan-wide. */
export type LedgerTotals = {
  scheduled: Paise;
  charges: Paise;
  collected: Paise;
  waived: Paise;
  writtenOff: Paise;
  outstanding: Paise;
};

/** What an EMI still owes, split into instalment and penalty; zero once it is settled. */
export const outstandingParts = (emi: Emi): MoneyParts =>
  isOpen(emi)
    ? { instalment: emi.amount + emi.carried_instalment, penalty: emi.late_charge - emi.carried_instalment }
    : { instalment: 0, penalty: 0 };

type Part = keyof MoneyParts;
/** Money into an EMI (scheduled, charged, carried in, credited back) and out of it. */
export type Flow = { in: number; out: number };

/** The result of checking the ledger invariant. */
export type InvariantReport = { holds: boolean; totals: LedgerTotals; violations: string[] };

/** Where a row of each kind books its money for its EMI: in, out, or nowhere (loan-level rows). */
const SIDE: Record<Exclude<ReversibleKind, 'carry'>, keyof Flow | null> = {
  scheduled: 'in',
  charge: 'in',
  // A rewrite takes what was applied to an old EMI back off it, into credit held.
  credit: 'in',
  collected: 'out',
  credit_applied: 'out',
  // Paid before the cut-over: it left the EMI as a payment would.
  opening: 'out',
  waived: 'out',
  written_off: 'out',
  refund: null,
};

const bookFlow = (
  flows: Map<string, Flow>,
  emiNumber: number,
  part: Part,
  side: keyof Flow,
  value: number,
): void => {
  const key = `${emiNumber}|${part}`;
  const found = flows.get(key) ?? { in: 0, out: 0 };
  found[side] += value;
  flows.set(key, found);
};

/** A ledger's rows summed loan-wide (outstanding left at 0) and per EMI and part. */
export type LedgerTally = {
  totals: LedgerTotals;
  /** Keyed `${emi_number}|${part}`. */
  flows: Map<string, Flow>;
  violations: string[];
};

/**
 * Sums a ledger's rows: loan-wide totals (`collected` is what stands applied to instalments and
 * charges: cash collected, credit applied and money paid before the cut-over, less what rewrites moved
 * to credit) and each EMI's
 * flows per part; rows that are not whole non-negative paise or whose parts do not add up are noted.
 */
export const tallyLedger = (entries: readonly LedgerEntry[]): LedgerTally => {
  const violations: string[] = [];
  const totals: LedgerTotals = {
    scheduled: 0,
    charges: 0,
    collected: 0,
    waived: 0,
    writtenOff: 0,
    outstanding: 0,
  };
  const totalKey = {
    scheduled: 'scheduled',
    charge: 'charges',
    collected: 'collected',
    credit_applied: 'collected',
    opening: 'collected',
    waived: 'waived',
    written_off: 'writtenOff',
  } as const;
  const flows = new Map<string, Flow>();
  const book = (emiNumber: number, part: Part, side: keyof Flow, value: number): void =>
    bookFlow(flows, emiNumber, part, side, value);

  for (const entry of entries) {
    const money = [entry.amount, entry.instalment, entry.penalty];
    if (!money.every((value) => Number.isSafeInteger(value) && value >= 0)) {
      violations.push(
        `${entry.kind} row of EMI ${entry.emi_number} is not a whole non-negative paise amount`,
      );
    }
    if (entry.amount !== entry.instalment + entry.penalty) {
      violations.push(`${entry.kind} row of EMI ${entry.emi_number}: amount is not instalment + penalty`);
    }
    const kind = effectiveKind(entry);
    const sign = signOf(entry);
    if (kind === null) {
      violations.push(`reversal row of EMI ${entry.emi_number} names no kind`);
      continue;
    }
    if (kind === 'credit') totals.collected -= sign * entry.amount;
    else if (kind !== 'carry' && kind !== 'refund') totals[totalKey[kind]] += sign * entry.amount;
    for (const part of ['instalment', 'penalty'] as const) {
      const value = sign * entry[part];
      if (kind === 'carry') {
        book(entry.emi_number, part, 'out', value);
        book(entry.to_emi_number ?? Number.NaN, part, 'in', value);
        continue;
      }
      const side = SIDE[kind];
      if (side !== null) book(entry.emi_number, part, side, value);
    }
  }
  return { totals, flows, violations };
};

/**
 * Checks `Σ scheduled + Σ charges = Σ collected + Σ waived + Σ written off + Σ outstanding` for the
 * loan (collected meaning what stands applied: cash, credit applied and money paid before the
 * cut-over, less what moved to credit held), and the same balance per EMI (carries in on the left, carries out on the right) and per
 * part (instalment and penalty separately), plus that every row is a whole, non-negative paise amount.
 */
export const checkLedgerInvariant = (
  entries: readonly LedgerEntry[],
  emis: readonly Emi[],
): InvariantReport => {
  const { totals, flows, violations } = tallyLedger(entries);

  for (const emi of emis) {
    const owed = outstandingParts(emi);
    for (const part of ['instalment', 'penalty'] as const) {
      if (!Number.isSafeInteger(owed[part]) || owed[part] < 0) {
        violations.push(`EMI ${emi.emi_number} owes a negative or fractional ${part}`);
      }
      bookFlow(flows, emi.emi_number, part, 'out', owed[part]);
    }
    totals.outstanding += owed.instalment + owed.penalty;
  }

  for (const [key, { in: inflow, out }] of flows) {
    if (inflow !== out) violations.push(`EMI ${key}: ${inflow} in, ${out} out`);
  }
  const left = totals.scheduled + totals.charges;
  const right = totals.collected + totals.waived + totals.writtenOff + totals.outstanding;
  if (left !== right) violations.push(`loan: scheduled + charges = ${left}, accounted for = ${right}`);
  return { holds: violations.length === 0, totals, violations };
};

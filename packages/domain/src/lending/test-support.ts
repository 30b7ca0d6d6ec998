// Helpers shared by the lending tests (not exported from the package).
import { expect } from 'vitest';
import { checkLedgerInvariant, type LedgerEntry, scheduleEntries } from './ledger';
import type { AppliedOperation, LendingOutcome, RefusedOperation } from './refusals';
import { generateSchedule } from './schedule';
import type { Emi, LoanState, LoanStatus } from './types';

/** A loan of `days` EMIs of `perDayPaise` from `start`, with its opening ledger rows. */
export const newLoan = (
  perDayPaise: number,
  days: number,
  status: LoanStatus = 'approved',
  start = '2025-01-01',
): { state: LoanState; entries: LedgerEntry[] } => {
  const emis = generateSchedule({ startDate: start, perDayEmiPaise: perDayPaise, totalEmiDays: days });
  return { state: { status, emis }, entries: scheduleEntries(emis) };
};

/** A deep copy of plain JSON-like data (the domain has no DOM or Node types for structuredClone). */
export const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Freezes a value and everything in it, so that any mutation by the code under test throws. */
export const deepFreeze = <T>(value: T): T => {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
};

/** The accepted result, or a thrown error naming the refusal. */
export const accepted = <X extends object>(outcome: LendingOutcome<X>): AppliedOperation<X> => {
  if (!outcome.ok) throw new Error(`refused ${outcome.code}: ${outcome.message}`);
  return outcome;
};

/** EMI n of a state. */
export const emiOf = (state: LoanState, n: number): Emi => {
  const emi = state.emis.find((candidate) => candidate.emi_number === n);
  if (!emi) throw new Error(`no EMI ${n}`);
  return emi;
};

/**
 * A loan under test: `apply` runs an operation that must be accepted and checks the ledger invariant
 * after it; `refuse` runs one that must be refused and checks that nothing changed.
 */
export const loanBook = (perDayPaise: number, days: number, status: LoanStatus = 'approved') => {
  let { state, entries } = newLoan(perDayPaise, days, status);
  return {
    get state(): LoanState {
      return state;
    },
    get entries(): LedgerEntry[] {
      return entries;
    },
    emi: (n: number): Emi => emiOf(state, n),
    apply<X extends object>(operation: (input: LoanState) => LendingOutcome<X>): AppliedOperation<X> {
      const result = accepted(operation(deepFreeze(state)));
      entries = [...entries, ...result.entries];
      state = result.state;
      expect(checkLedgerInvariant(entries, state.emis).violations).toEqual([]);
      return result;
    },
    refuse<X extends object>(operation: (input: LoanState) => LendingOutcome<X>): RefusedOperation {
      const before = clone(state);
      const result = operation(deepFreeze(state));
      if (result.ok) throw new Error('expected a refusal');
      expect(result.state).toBe(state);
      expect(state).toEqual(before);
      return result;
    },
  };
};

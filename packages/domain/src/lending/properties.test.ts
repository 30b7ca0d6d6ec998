import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../time';
import { emiRowDifferences } from './books';
import { bounceEmi } from './bounce';
import { collectedStillApplied } from './cash';
import { clearAllCharges, clearEmiCharge } from './charges';
import { applyCredit, creditHeldOf, refundCredit } from './credit';
import { foreclose, foreclosureSummary } from './foreclosure';
import { cashIdentity, emiLedgerMismatches, scheduleIdentity } from './identities';
import { checkLedgerInvariant, effectiveKind, type LedgerEntry, type LedgerKind, signOf } from './ledger';
import { isCurrentBounced, isOpen, latestLateCharge } from './open';
import { payEmi } from './payments';
import type { LendingOutcome } from './refusals';
import { rescheduleLoan } from './reschedule';
import { clone, deepFreeze, emiOf, newLoan } from './test-support';
import type { Emi, LoanState } from './types';

const START = '2025-01-01';

/** One random operation; numbers are picked loosely so that refusals happen too. */
type Op =
  | { op: 'pay'; emi: number; type: 'full' | 'emi_only' | 'partial'; permille: number; day: number }
  | { op: 'bounce'; emi: number; charge: number; day: number }
  | { op: 'clearAll'; exact: boolean; delta: number }
  | { op: 'clearEmi'; emi: number; permille: number }
  | { op: 'foreclose'; type: 'full' | 'full_and_final' | 'settlement'; permille: number | null };

const opArb = (days: number): fc.Arbitrary<Op> => {
  // Mostly real EMI numbers, sometimes one just outside the schedule.
  const emi = fc.oneof(
    { weight: 9, arbitrary: fc.integer({ min: 1, max: days }) },
    { weight: 1, arbitrary: fc.constantFrom(0, days + 1) },
  );
  const day = fc.integer({ min: -2, max: days + 5 });
  const permille = fc.integer({ min: -10, max: 1010 });
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        op: fc.constant('pay' as const),
        emi,
        type: fc.constantFrom('full', 'emi_only', 'partial' as const),
        permille,
        day,
      }),
    },
    {
      weight: 5,
      arbitrary: fc.record({
        op: fc.constant('bounce' as const),
        emi,
        charge: fc.integer({ min: -100, max: 100_000 }),
        day,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('clearAll' as const),
        exact: fc.boolean(),
        delta: fc.integer({ min: -5, max: 5 }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('clearEmi' as const), emi, permille }) },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('foreclose' as const),
        type: fc.constantFrom('full', 'full_and_final', 'settlement' as const),
        permille: fc.option(fc.integer({ min: -10, max: 1600 })),
      }),
    },
  );
};

const part = (whole: number, permille: number): number => Math.floor((whole * permille) / 1000);

const run = (state: LoanState, op: Op): LendingOutcome => {
  const emi = state.emis.find((e) => e.emi_number === (op as { emi?: number }).emi);
  switch (op.op) {
    case 'pay': {
      const amount = op.type === 'partial' ? part(emi?.amount ?? 1000, op.permille) : undefined;
      return payEmi(state, {
        emiNumber: op.emi,
        paymentType: op.type,
        amount,
        today: addDays(START, op.day),
      });
    }
    case 'bounce':
      return bounceEmi(state, {
        emiNumber: op.emi,
        charge: op.charge,
        reason: 'r',
        today: addDays(START, op.day),
      });
    case 'clearAll':
      return clearAllCharges(state, {
        amount: op.exact ? latestLateCharge(state) : latestLateCharge(state) + op.delta,
      });
    case 'clearEmi': {
      // Aim mostly at EMIs that have a charge to clear; `emi` picks one of them.
      const charged = state.emis.filter((e) => isOpen(e) && e.late_charge > 0);
      const target = charged.length > 0 && op.emi % 3 !== 0 ? charged[op.emi % charged.length] : emi;
      const amount = part(target?.late_charge ?? 100, op.permille);
      return clearEmiCharge(state, { emiNumber: target?.emi_number ?? op.emi, amount });
    }
    case 'foreclose': {
      const pending = foreclosureSummary(state).totalPendingAmount;
      return foreclose(state, {
        type: op.type,
        amount: op.permille === null ? null : part(pending, op.permille),
      });
    }
  }
};

/** Kinds each operation may write: anything else would create or destroy money. */
const allowedKinds: Record<Op['op'], readonly LedgerKind[]> = {
  pay: ['charge', 'collected', 'carry'],
  bounce: ['charge', 'carry'],
  clearAll: ['waived'],
  clearEmi: ['waived'],
  foreclose: ['charge', 'collected', 'written_off'],
};

const moneyFields = (emi: Emi): number[] => [
  emi.amount,
  emi.late_charge,
  emi.carried_instalment,
  emi.partial_payment_amount ?? 0,
  emi.remaining_balance ?? 0,
];

const sum = (entries: readonly LedgerEntry[], kind: LedgerKind): number =>
  entries.filter((e) => e.kind === kind).reduce((total, e) => total + e.amount, 0);

const loanArb = fc.record({
  perDay: fc.oneof(
    fc.integer({ min: 1, max: 5_000_000 }),
    fc.integer({ min: 1, max: 5_000 }).map((r) => r * 100),
  ),
  days: fc.integer({ min: 1, max: 16 }),
});

// Hundreds of random loans a property: on a busy 2-core machine a run takes seconds, and vitest's
// default 5 s limit would fail a correct run. These tests assert behaviour, never speed.
const PROPERTY_TIMEOUT_MS = 120_000;

describe('random sequences of operations on random loans', { timeout: PROPERTY_TIMEOUT_MS }, () => {
  it('keep the ledger balanced, money whole, refusals inert and no money made or lost', () => {
    const scenario = loanArb.chain(({ perDay, days }) =>
      fc.record({
        perDay: fc.constant(perDay),
        days: fc.constant(days),
        ops: fc.array(opArb(days), { maxLength: 30 }),
      }),
    );
    fc.assert(
      fc.property(scenario, ({ perDay, days, ops }) => {
        let { state, entries } = newLoan(perDay, days);
        for (const op of ops) {
          const before = clone(state);
          const pendingBefore = foreclosureSummary(state).totalPendingAmount;
          const result = run(deepFreeze(state), op);
          expect(state).toEqual(before); // inputs are never mutated (they are frozen, too)
          if (!result.ok) {
            expect(result.state).toBe(state);
            expect(result.message.length).toBeGreaterThan(0);
            continue;
          }
          const step = result.entries;
          expect(step.every((e) => allowedKinds[op.op].includes(e.kind))).toBe(true);
          // What is owed changes only by charges in, and collections, waivers and write-offs out.
          const pendingAfter = foreclosureSummary(result.state).totalPendingAmount;
          const delta =
            sum(step, 'charge') - sum(step, 'collected') - sum(step, 'waived') - sum(step, 'written_off');
          expect(pendingAfter - pendingBefore).toBe(delta);

          entries = [...entries, ...step];
          state = result.state;
          expect(checkLedgerInvariant(entries, state.emis).violations).toEqual([]);
          // Every EMI row agrees with its ledger rows, and no collected cash has left the accounts.
          expect(emiRowDifferences(state, entries)).toEqual([]);
          expect(collectedStillApplied(entries, state.emis)).toEqual([]);
          for (const emi of state.emis) {
            for (const money of moneyFields(emi))
              expect(Number.isSafeInteger(money) && money >= 0).toBe(true);
            expect(emi.carried_instalment).toBeLessThanOrEqual(emi.late_charge);
          }
          for (const entry of step) expect(Number.isSafeInteger(entry.amount) && entry.amount > 0).toBe(true);
          expect(state.emis.filter(isCurrentBounced).length).toBeLessThanOrEqual(1);
          const anyOpen = state.emis.some(isOpen);
          expect(state.status === 'approved' ? anyOpen : !anyOpen).toBe(true);
          if (op.op === 'pay') {
            expect(result.events.map((e) => e.event_type)).toEqual([
              addDays(START, op.day) <= (before.emis.find((e) => e.emi_number === op.emi)?.emi_date ?? '')
                ? 'EMI_PAID_ON_TIME'
                : 'EMI_PAID_LATE',
            ]);
          }
          if (op.op === 'bounce') expect(result.events.map((e) => e.event_type)).toEqual(['EMI_BOUNCED']);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a full payment collects exactly what the EMI owed plus any bounced dues rolled into it', () => {
    const scenario = loanArb.chain(({ perDay, days }) =>
      fc.record({
        perDay: fc.constant(perDay),
        days: fc.constant(days),
        ops: fc.array(opArb(days), { maxLength: 15 }),
        target: fc.integer({ min: 1, max: days }),
      }),
    );
    const numRuns = 200;
    let paidCases = 0;
    fc.assert(
      fc.property(scenario, ({ perDay, days, ops, target }) => {
        let { state } = newLoan(perDay, days);
        for (const op of ops) {
          const result = run(state, op);
          if (result.ok) state = result.state;
        }
        const emi = emiOf(state, target);
        const result = payEmi(state, { emiNumber: target, paymentType: 'full', today: START });
        // A full payment never carries, so it is refused exactly when the loan or the EMI is settled.
        expect(result.ok).toBe(state.status === 'approved' && isOpen(emi));
        if (!result.ok) return;
        paidCases += 1;
        const bounced = state.emis.find(isCurrentBounced);
        const rolled = bounced && bounced.emi_number < target ? bounced.amount + bounced.late_charge : 0;
        expect(result.collected).toBe(emi.amount + emi.late_charge + rolled);
      }),
      { numRuns },
    );
    // The sum above must be checked often, not only on the few loans the random steps left settled.
    expect(paidCases).toBeGreaterThanOrEqual(numRuns / 4);
  });
});

const permilleArb = fc.integer({ min: -10, max: 1100 });

/** Operations that touch credit held: schedule rewrites (edits and resets), apply credit, refunds. */
type CreditOp =
  | { op: 'edit'; scale: number; days: number; shift: number }
  | { op: 'reset' }
  | { op: 'applyCredit' }
  | { op: 'refund'; permille: number };

const creditOpArb = (days: number): fc.Arbitrary<Op | CreditOp> =>
  fc.oneof(
    { weight: 7, arbitrary: opArb(days) },
    {
      weight: 3,
      arbitrary: fc.record({
        op: fc.constant('edit' as const),
        scale: fc.integer({ min: 100, max: 1500 }),
        days: fc.integer({ min: 1, max: 12 }),
        shift: fc.integer({ min: -3, max: 3 }),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ op: 'reset' as const }) },
    { weight: 3, arbitrary: fc.constant({ op: 'applyCredit' as const }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('refund' as const), permille: permilleArb }) },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('foreclose' as const),
        type: fc.constantFrom('full', 'full_and_final', 'settlement' as const),
        permille: fc.option(fc.integer({ min: 0, max: 1500 })),
      }),
    },
  );
/** Cash collected per business day: every `collected` row (net of an old-style reversal) of the day. */
const dayTotals = (rows: readonly { day: number; entry: LedgerEntry }[]): Map<number, number> => {
  const totals = new Map<number, number>();
  for (const { day, entry } of rows) {
    if (effectiveKind(entry) !== 'collected') continue;
    totals.set(day, (totals.get(day) ?? 0) + signOf(entry) * entry.amount);
  }
  return totals;
};

describe('random sequences with rewrites, credit applied, refunds, waivers and foreclosures', {
  timeout: PROPERTY_TIMEOUT_MS,
}, () => {
  it('keep both identities after every step and never change an earlier day’s collections', () => {
    const scenario = loanArb.chain(({ perDay, days }) =>
      fc.record({
        perDay: fc.constant(perDay),
        days: fc.constant(days),
        ops: fc.array(creditOpArb(days), { maxLength: 30 }),
      }),
    );
    const seen = { credited: 0, applied: 0, refunded: 0, foreclosedWithCredit: 0 };
    fc.assert(
      fc.property(scenario, ({ perDay, days, ops }) => {
        let { state, entries } = newLoan(perDay, days);
        let rows = entries.map((entry) => ({ day: 0, entry }));
        let params = { startDate: START, perDayEmiPaise: perDay, totalEmiDays: days };
        // Ending with a shrinking edit, a foreclosure and a whole refund, so that credit left over
        // on a closed loan is refunded often.
        const steps: (Op | CreditOp)[] = [
          ...ops,
          { op: 'edit', scale: 100, days: 1, shift: 0 },
          { op: 'foreclose', type: 'full', permille: null },
          { op: 'refund', permille: 1000 },
        ];
        for (const [index, op] of steps.entries()) {
          const day = index + 1;
          const credit = creditHeldOf(entries);
          const today = addDays(START, day);
          let result: LendingOutcome;
          switch (op.op) {
            case 'edit':
              params = {
                startDate: addDays(START, op.shift),
                perDayEmiPaise: Math.max(1, part(perDay, op.scale)),
                totalEmiDays: op.days,
              };
              result = rescheduleLoan(state, entries, params);
              break;
            case 'reset':
              result = rescheduleLoan(state, entries, params);
              break;
            case 'applyCredit':
              result = applyCredit(state, { credit, today });
              break;
            case 'refund':
              result = refundCredit(state, { credit, amount: part(credit, op.permille) });
              break;
            case 'foreclose': {
              const pending = foreclosureSummary(state, credit).totalPendingAmount;
              result = foreclose(state, {
                type: op.type,
                credit,
                amount: op.permille === null ? null : part(pending, op.permille),
              });
              break;
            }
            default:
              result = run(state, op);
          }
          if (!result.ok) {
            expect(result.state).toBe(state);
            continue;
          }
          const before = dayTotals(rows);
          entries = [...entries, ...result.entries];
          rows = [...rows, ...result.entries.map((entry) => ({ day, entry }))];
          state = result.state;
          const after = dayTotals(rows);
          for (const [earlier, total] of before) expect(after.get(earlier)).toBe(total);
          const schedule = scheduleIdentity(entries, state.emis);
          expect(schedule.ok, schedule.detail).toBe(true);
          const cash = cashIdentity(entries);
          expect(cash.ok, cash.detail).toBe(true);
          expect(emiLedgerMismatches(entries, state.emis)).toEqual([]);
          expect(creditHeldOf(entries)).toBeGreaterThanOrEqual(0);
          if (op.op === 'applyCredit' || op.op === 'refund') {
            expect(result.entries.some((e) => e.kind === 'collected')).toBe(false);
          }
          const kinds = new Set(result.entries.map((e) => e.kind));
          if (kinds.has('credit')) seen.credited += 1;
          if (op.op === 'applyCredit') seen.applied += 1;
          if (op.op === 'refund') seen.refunded += 1;
          if (op.op === 'foreclose' && kinds.has('credit_applied')) seen.foreclosedWithCredit += 1;
        }
      }),
      { numRuns: 600 },
    );
    // The random steps must reach each credit path often, not only on a lucky run.
    expect(seen.credited).toBeGreaterThan(50);
    expect(seen.applied).toBeGreaterThan(8);
    expect(seen.refunded).toBeGreaterThan(30);
    expect(seen.foreclosedWithCredit).toBeGreaterThan(4);
  });
});

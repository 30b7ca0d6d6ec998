import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../time';
import { bounceEmi } from './bounce';
import { collectPayment, fullPaymentDue } from './collect';
import { creditHeldOf } from './credit';
import { cashIdentity, emiLedgerMismatches, scheduleIdentity } from './identities';
import { type LedgerEntry, signOf } from './ledger';
import { MAX_LOAN_AMOUNT_PAISE } from './limits';
import { openEmis } from './open';
import { applyReceivedAmount } from './received';
import type { LendingOutcome } from './refusals';
import { accepted, deepFreeze, loanBook, newLoan } from './test-support';
import type { LoanState } from './types';

const R = 100; // paise per rupee
// loanBook's EMI n is dated 2025-01-0n.
const receive = (amount: number, today: string, receivedOn?: string) => (state: LoanState) =>
  applyReceivedAmount(state, { amount, today, receivedOn });

/** Cash that came in through this operation's rows: what the amount received must equal. */
const cashIn = (entries: readonly LedgerEntry[]) =>
  entries
    .filter((entry) => entry.kind === 'collected')
    .reduce((sum, entry) => sum + signOf(entry) * entry.amount, 0);

const expectBalanced = (loan: ReturnType<typeof loanBook>) => {
  expect(scheduleIdentity(loan.entries, loan.state.emis)).toMatchObject({ ok: true });
  expect(cashIdentity(loan.entries)).toMatchObject({ ok: true });
  expect(emiLedgerMismatches(loan.entries, loan.state.emis)).toEqual([]);
};

describe('applyReceivedAmount: an amount received pays the oldest due EMIs in full, the rest is credit held', () => {
  it('exactly one EMI’s due pays that EMI and holds nothing', () => {
    const loan = loanBook(120 * R, 5);
    const done = loan.apply(receive(120 * R, '2025-01-03'));
    expect(done.payments.map((p) => [p.emiNumber, p.collected])).toEqual([[1, 120 * R]]);
    expect(done).toMatchObject({ paid: 120 * R, held: 0, heldEntries: [] });
    expect(done.entries.map((e) => [e.kind, e.cause, e.emi_number, e.amount])).toEqual([
      ['collected', 'payment', 1, 120 * R],
    ]);
    expect(loan.emi(1)).toMatchObject({ status: 'paid', payment_type: 'full', paid_on: '2025-01-03' });
    expect(loan.emi(2).status).toBe('pending');
    expect(creditHeldOf(loan.entries)).toBe(0);
    expectBalanced(loan);
  });

  it('several EMIs’ dues pay them oldest first, each as a full payment with its credit event', () => {
    const loan = loanBook(120 * R, 5);
    const done = loan.apply(receive(360 * R, '2025-01-03'));
    expect(done.payments.map((p) => p.emiNumber)).toEqual([1, 2, 3]);
    expect(done.events.map((e) => [e.emi_number, e.event_type])).toEqual([
      [1, 'EMI_PAID_LATE'],
      [2, 'EMI_PAID_LATE'],
      [3, 'EMI_PAID_ON_TIME'],
    ]);
    expect(done).toMatchObject({ paid: 360 * R, held: 0 });
    expect(cashIn(done.entries)).toBe(360 * R);
    expectBalanced(loan);
  });

  it('less than one EMI’s due pays no EMI: all of it is credit held (held cash rows)', () => {
    const loan = loanBook(120 * R, 5);
    const done = loan.apply(receive(50 * R, '2025-01-03'));
    expect(done.payments).toEqual([]);
    expect(done).toMatchObject({ paid: 0, held: 50 * R });
    expect(done.entries.map((e) => [e.kind, e.cause, e.emi_number, e.amount])).toEqual([
      ['collected', 'held_cash', 0, 50 * R],
      ['credit', 'held_cash', 0, 50 * R],
    ]);
    expect(done.heldEntries).toEqual(done.entries);
    expect(loan.state.emis.every((emi) => emi.status === 'pending')).toBe(true);
    expect(creditHeldOf(loan.entries)).toBe(50 * R);
    expectBalanced(loan);
  });

  it('stops at the first EMI it does not cover in full: the rest is held, never a partial payment', () => {
    const loan = loanBook(120 * R, 5);
    const done = loan.apply(receive(170 * R, '2025-01-03'));
    expect(done.payments.map((p) => p.emiNumber)).toEqual([1]);
    expect(done).toMatchObject({ paid: 120 * R, held: 50 * R });
    expect(loan.emi(2).status).toBe('pending');
    expect(cashIn(done.entries)).toBe(170 * R);
    expectBalanced(loan);
  });

  it('more than everything due pays only the EMIs due by today; EMIs not yet due stay open', () => {
    const loan = loanBook(120 * R, 5);
    const done = loan.apply(receive(300 * R, '2025-01-02'));
    expect(done.payments.map((p) => p.emiNumber)).toEqual([1, 2]);
    expect(done).toMatchObject({ paid: 240 * R, held: 60 * R });
    expect(loan.emi(3).status).toBe('pending');
    expect(loan.state.status).toBe('approved');
    expectBalanced(loan);
  });

  it('more than everything open settles the loan (it closes) and holds the rest: a refund due', () => {
    const loan = loanBook(120 * R, 5);
    const done = loan.apply(receive(700 * R, '2025-01-05'));
    expect(done.payments.map((p) => p.emiNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(done).toMatchObject({ paid: 600 * R, held: 100 * R });
    expect(loan.state.status).toBe('closed');
    expect(creditHeldOf(loan.entries)).toBe(100 * R);
    expect(cashIn(loan.entries)).toBe(700 * R);
    expectBalanced(loan);
  });

  it('nothing due yet (a loan starting tomorrow): all of it is credit held', () => {
    const loan = loanBook(120 * R, 5);
    const done = loan.apply(receive(240 * R, '2024-12-31'));
    expect(done).toMatchObject({ payments: [], paid: 0, held: 240 * R });
    expectBalanced(loan);
  });

  it('pays a current bounced EMI with its dues first, and an EMI carrying a partial’s rest with it', () => {
    const loan = loanBook(120 * R, 5);
    loan.apply((s) =>
      bounceEmi(s, { emiNumber: 1, charge: 20 * R, reason: 'Payment failed', today: '2025-01-01' }),
    );
    const first = loan.apply(receive(300 * R, '2025-01-03'));
    // EMI 1 owes 120 + 20; EMI 2 120; EMI 3 (120) no longer fits in the 40 left.
    expect(first.payments.map((p) => [p.emiNumber, p.collected])).toEqual([
      [1, 140 * R],
      [2, 120 * R],
    ]);
    expect(first).toMatchObject({ paid: 260 * R, held: 40 * R });
    expect(loan.emi(1).bounce_status).toBe('recovered');
    // A partial payment of EMI 3 carries 20 + 2 to EMI 4, which then owes 142.
    loan.apply((s) =>
      collectPayment(s, {
        emiNumber: 3,
        paymentType: 'partial',
        paymentAmount: 100 * R,
        today: '2025-01-03',
      }),
    );
    expect(fullPaymentDue(loan.state, 4)).toBe(142 * R);
    const second = loan.apply(receive(142 * R, '2025-01-04'));
    expect(second.payments.map((p) => [p.emiNumber, p.collected])).toEqual([[4, 142 * R]]);
    expect(second.held).toBe(0);
    expect(creditHeldOf(loan.entries)).toBe(40 * R);
    expectBalanced(loan);
  });

  it('dates the payments by the day the money was received: on time or late against each EMI', () => {
    const loan = loanBook(120 * R, 5);
    const done = loan.apply(receive(240 * R, '2025-01-05', '2025-01-01'));
    expect(done.events.map((e) => [e.emi_number, e.event_type, e.on])).toEqual([
      [1, 'EMI_PAID_ON_TIME', '2025-01-01'],
      [2, 'EMI_PAID_ON_TIME', '2025-01-01'],
    ]);
    expect(loan.emi(2).paid_on).toBe('2025-01-01');
  });

  it('refuses a loan that is not running and an amount out of bounds, changing nothing', () => {
    expect(loanBook(120 * R, 5, 'processing').refuse(receive(120 * R, '2025-01-03')).code).toBe(
      'LOAN_NOT_APPROVED',
    );
    expect(loanBook(120 * R, 5, 'closed').refuse(receive(120 * R, '2025-01-03')).code).toBe('LOAN_TERMINAL');
    const loan = loanBook(120 * R, 5);
    for (const amount of [0, -R, 0.5, MAX_LOAN_AMOUNT_PAISE + 1])
      expect(loan.refuse(receive(amount, '2025-01-03')).code).toBe('INVALID_AMOUNT');
  });
});

describe('applyReceivedAmount over random books', () => {
  it('collects exactly the amount, pays only due EMIs oldest first, leaves less than the next due held', () => {
    const days = 8;
    const start = '2025-01-01';
    const history = fc.array(
      fc.record({
        emi: fc.integer({ min: 1, max: days }),
        kind: fc.constantFrom('full', 'partial', 'bounce'),
        charge: fc.integer({ min: 0, max: 50 * R }),
      }),
      { maxLength: 5 },
    );
    const run = fc.record({
      history,
      amount: fc.integer({ min: 1, max: 1500 * R }),
      dayOffset: fc.integer({ min: -2, max: days + 2 }),
      earlier: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(run, ({ history: ops, amount, dayOffset, earlier }) => {
        let { state, entries } = newLoan(120 * R, days, 'approved', start);
        const today = addDays(start, dayOffset);
        for (const op of ops) {
          const outcome: LendingOutcome<object> =
            op.kind === 'bounce'
              ? bounceEmi(state, { emiNumber: op.emi, charge: op.charge, reason: 'x', today })
              : collectPayment(state, {
                  emiNumber: op.emi,
                  paymentType: op.kind,
                  paymentAmount: op.kind === 'partial' ? 60 * R : null,
                  today,
                });
          if (!outcome.ok) continue;
          state = outcome.state;
          entries = [...entries, ...outcome.entries];
        }
        if (state.status !== 'approved') return;
        const before = deepFreeze(state);
        const done = accepted(
          applyReceivedAmount(before, { amount, today, receivedOn: addDays(today, -earlier) }),
        );
        const all = [...entries, ...done.entries];
        expect(cashIn(done.entries)).toBe(amount);
        expect(done.paid + done.held).toBe(amount);
        expect(done.payments.map((p) => p.emiNumber)).toEqual(
          openEmis(before)
            .filter((emi) => emi.emi_date <= today)
            .map((emi) => emi.emi_number)
            .slice(0, done.payments.length),
        );
        const next = openEmis(done.state).find((emi) => emi.emi_date <= today);
        if (next && done.state.status === 'approved')
          expect(done.held).toBeLessThan(fullPaymentDue(done.state, next.emi_number) ?? 0);
        expect(creditHeldOf(all) - creditHeldOf(entries)).toBe(done.held);
        expect(scheduleIdentity(all, done.state.emis)).toMatchObject({ ok: true });
        expect(cashIdentity(all)).toMatchObject({ ok: true });
        expect(emiLedgerMismatches(all, done.state.emis)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

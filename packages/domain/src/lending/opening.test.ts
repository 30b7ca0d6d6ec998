import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutOverPosition } from '../imports/position';
import { emiRowDifferences } from './books';
import { collectedStillApplied } from './cash';
import { applyCredit, creditHeldOf, refundCredit } from './credit';
import { foreclose, foreclosureSummary } from './foreclosure';
import { cashIdentity, cashPositionOf, emiLedgerMismatches, scheduleIdentity } from './identities';
import type { LedgerEntry } from './ledger';
import { isOpen } from './open';
import { type OpeningPosition, type OpeningTerms, openingLoanState, openingPlan } from './opening';
import { payEmi } from './payments';
import { interestSharesOf } from './recovery';
import { rescheduleLoan } from './reschedule';
import { splitRecovery } from './schedule';
import { accepted, emiOf } from './test-support';
import type { LoanState } from './types';

const E = 12_000;
const TERMS: OpeningTerms = { perDayEmi: E, totalEmiDays: 10, startDate: '2026-10-01' };
const CUT_OVER = '2026-10-08';

const position = (over: Partial<OpeningPosition>): OpeningPosition => {
  const base = { emisPaid: 0, carriedDues: 0, partPaid: 0, ...over };
  return {
    status: 'approved',
    lateCharges: 0,
    lastPaymentDate: null,
    amountPaid: base.emisPaid * E - base.carriedDues + base.partPaid,
    ...base,
  };
};

/** Every check `npm run verify` makes of a loan's rows. */
const books = (state: LoanState, entries: readonly LedgerEntry[]) => ({
  schedule: scheduleIdentity(entries, state.emis).ok,
  emiRows: emiRowDifferences(state, entries),
  mismatches: emiLedgerMismatches(entries, state.emis),
  cash: cashIdentity(entries).ok,
  stillApplied: collectedStillApplied(entries, state.emis),
});
const BALANCED = { schedule: true, emiRows: [], mismatches: [], cash: true, stillApplied: [] };

const row = (entry: LedgerEntry) =>
  [entry.kind, entry.cause, entry.emi_number, entry.to_emi_number, entry.instalment, entry.penalty].join(' ');
const openingRows = (entries: readonly LedgerEntry[]) =>
  entries.filter((entry) => entry.kind !== 'scheduled').map(row);

describe('a running loan taken over on the cut-over day', () => {
  it('books 7 EMIs paid less ₹150 carried, ₹50 paid towards EMI 8 and ₹30 of late charges', () => {
    const { state, entries } = openingLoanState(
      TERMS,
      position({ emisPaid: 7, carriedDues: 15_000, partPaid: 5_000, lateCharges: 3_000 }),
      CUT_OVER,
    );
    expect(state.status).toBe('approved');
    expect(state.emis.map((emi) => emi.status)).toEqual([
      ...Array(5).fill('paid'),
      'partial', // EMI 6: ₹90 paid, ₹30 short
      'partial', // EMI 7: nothing paid, ₹120 short
      'partial', // EMI 8: ₹50 paid towards it
      'pending',
      'pending',
    ]);
    expect(emiOf(state, 6)).toMatchObject({ partial_payment_amount: 9_000, remaining_balance: 3_000 });
    expect(emiOf(state, 7)).toMatchObject({ partial_payment_amount: 0, remaining_balance: E });
    expect(emiOf(state, 8)).toMatchObject({ partial_payment_amount: 5_000, remaining_balance: 7_000 });
    // Everything still owed sits on the first open EMI: ₹150 carried + ₹70 of EMI 8 + ₹30 charges.
    expect(emiOf(state, 9)).toMatchObject({ late_charge: 25_000, carried_instalment: 22_000 });
    expect(openingRows(entries)).toEqual([
      ...[1, 2, 3, 4, 5].map((n) => `opening opening ${n}  ${E} 0`),
      'opening opening 6  9000 0',
      'opening opening 8  5000 0',
      'carry opening 6 9 3000 0',
      'carry opening 7 9 12000 0',
      'carry opening 8 9 7000 0',
      'charge opening 9  0 3000',
    ]);
    expect(books(state, entries)).toEqual(BALANCED);
    // Money paid before the cut-over is no cash of any day in this book.
    expect(cashPositionOf(entries)).toMatchObject({ cashCollected: 0, paidBeforeCutOver: 74_000 });
  });

  it('dates paid EMIs on their own day, at the latest on the last payment', () => {
    const { state } = openingLoanState(
      TERMS,
      position({ emisPaid: 6, lastPaymentDate: '2026-10-04' }),
      CUT_OVER,
    );
    expect(state.emis.slice(0, 6).map((emi) => emi.paid_on)).toEqual([
      '2026-10-01',
      '2026-10-02',
      '2026-10-03',
      '2026-10-04',
      '2026-10-04',
      '2026-10-04',
    ]);
    const noDate = openingLoanState(TERMS, position({ emisPaid: 10 }), '2026-10-05').state;
    expect(noDate.emis.at(-1)?.paid_on).toBe('2026-10-05');
  });

  it('holds what was paid towards the last EMI as credit: no EMI follows to carry the rest to', () => {
    const { state, entries } = openingLoanState(TERMS, position({ emisPaid: 9, partPaid: 4_000 }), CUT_OVER);
    expect(emiOf(state, 10).status).toBe('pending');
    expect(openingRows(entries).slice(-2)).toEqual(['opening opening 0  4000 0', 'credit opening 0  4000 0']);
    expect(creditHeldOf(entries)).toBe(4_000);
    expect(books(state, entries)).toEqual(BALANCED);
    // A foreclosure takes the credit first: ₹80 is left to collect.
    expect(foreclosureSummary(state, 4_000).totalPendingAmount).toBe(8_000);
  });

  it('closes a loan imported as running with every EMI paid and nothing owed, as a last payment does', () => {
    const { state, entries } = openingLoanState(TERMS, position({ emisPaid: 10 }), CUT_OVER);
    expect(state.status).toBe('closed');
    expect(state.emis.every((emi) => emi.status === 'paid')).toBe(true);
    expect(books(state, entries)).toEqual(BALANCED);
  });

  it('leaves a loan with nothing paid as its schedule', () => {
    const { state, entries } = openingLoanState(TERMS, position({}), CUT_OVER);
    expect(state.emis.every((emi) => emi.status === 'pending' && emi.late_charge === 0)).toBe(true);
    expect(openingRows(entries)).toEqual([]);
  });

  it('refuses a position that does not add up, or charges with nothing left open to hold them', () => {
    expect(() => openingPlan(TERMS, { ...position({ emisPaid: 3 }), amountPaid: 1 }, CUT_OVER)).toThrow(
      RangeError,
    );
    expect(() => openingPlan(TERMS, position({ emisPaid: 10, lateCharges: 100 }), CUT_OVER)).toThrow(
      'late charges need an EMI left open',
    );
    expect(() => openingPlan(TERMS, position({ emisPaid: 2, partPaid: E }), CUT_OVER)).toThrow(RangeError);
  });
});

describe('a closed or defaulted loan taken over', () => {
  it('closed in full: every EMI paid', () => {
    const { state, entries } = openingLoanState(
      TERMS,
      position({ status: 'closed', emisPaid: 10, lastPaymentDate: '2026-10-06' }),
      CUT_OVER,
    );
    expect(state.status).toBe('closed');
    expect(state.emis.every((emi) => emi.status === 'paid' && emi.payment_type === 'full')).toBe(true);
    expect(books(state, entries)).toEqual(BALANCED);
  });

  it('closed for less: paid in EMI order, the rest written off on foreclosed EMIs', () => {
    const { state, entries } = openingLoanState(
      TERMS,
      position({ status: 'closed', emisPaid: 7, partPaid: 2_000 }),
      CUT_OVER,
    );
    expect(state.emis.map((emi) => emi.status)).toEqual([
      ...Array(7).fill('paid'),
      ...Array(3).fill('foreclosed'),
    ]);
    expect(openingRows(entries).slice(7)).toEqual([
      'written_off opening 9  12000 0',
      'written_off opening 10  12000 0',
      'opening opening 8  2000 0',
      'written_off opening 8  10000 0',
    ]);
    expect(books(state, entries)).toEqual(BALANCED);
  });

  it('defaulted: what it owed, late charges too, written off; nothing is left open', () => {
    const { state, entries } = openingLoanState(
      TERMS,
      position({ status: 'default', emisPaid: 4, carriedDues: 1_000, lateCharges: 2_500 }),
      CUT_OVER,
    );
    expect(state.status).toBe('default');
    expect(state.emis.filter(isOpen)).toEqual([]);
    expect(emiOf(state, 4)).toMatchObject({ status: 'foreclosed', late_charge: 2_500 });
    const writtenOff = entries.filter((entry) => entry.kind === 'written_off');
    expect(writtenOff.reduce((sum, entry) => sum + entry.amount, 0)).toBe(10 * E - (4 * E - 1_000) + 2_500);
    expect(books(state, entries)).toEqual(BALANCED);
  });

  it('defaulted after paying every EMI, with charges owed: the last EMI carries them, written off', () => {
    const { state, entries } = openingLoanState(
      TERMS,
      position({ status: 'default', emisPaid: 10, lateCharges: 700 }),
      CUT_OVER,
    );
    expect(emiOf(state, 10)).toMatchObject({ status: 'foreclosed', late_charge: 700 });
    expect(books(state, entries)).toEqual(BALANCED);
  });
});

/** A random loan and a position the import's check accepts for it. */
const scenarioArb = fc
  .record({
    perDayEmi: fc.oneof(
      fc.integer({ min: 1, max: 2_000_000 }),
      fc.integer({ min: 1, max: 500 }).map((r) => r * 100),
    ),
    totalEmiDays: fc.integer({ min: 1, max: 40 }),
    status: fc.constantFrom('approved', 'approved', 'closed', 'default' as const),
  })
  .chain((loan) =>
    fc.record({
      loan: fc.constant(loan),
      emisPaid: fc.option(fc.integer({ min: 0, max: loan.totalEmiDays })),
      permille: fc.integer({ min: 0, max: 1000 }),
      carriedPermille: fc.integer({ min: 0, max: 1000 }),
      lateCharges: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_000_000 })),
      lastPaid: fc.option(fc.integer({ min: 0, max: 60 })),
    }),
  )
  .map(({ loan, emisPaid, permille, carriedPermille, lateCharges, lastPaid }) => {
    const total = loan.perDayEmi * loan.totalEmiDays;
    const running = loan.status === 'approved';
    const settled = emisPaid === null ? 0 : emisPaid * loan.perDayEmi;
    const lastCanCarry = running && emisPaid !== null && emisPaid < loan.totalEmiDays;
    const carriedDues = lastCanCarry ? Math.floor((settled * carriedPermille) / 1000) : null;
    const amountPaid =
      emisPaid === null
        ? Math.floor((total * permille) / 1000)
        : settled - (carriedDues ?? 0) + Math.floor(((loan.perDayEmi - 1) * permille) / 1000);
    const found = cutOverPosition({
      ...loan,
      emisPaid,
      amountPaid: Math.min(amountPaid, total),
      carriedDues,
    });
    if (!found.ok) return null;
    const allPaid = found.position.emisPaid === loan.totalEmiDays;
    return {
      terms: { ...loan, startDate: '2026-01-01' },
      position: {
        ...found.position,
        status: loan.status,
        lateCharges: running && allPaid ? 0 : lateCharges,
        lastPaymentDate: lastPaid === null ? null : `2026-02-${String((lastPaid % 28) + 1).padStart(2, '0')}`,
      } satisfies OpeningPosition,
    };
  })
  .filter((scenario) => scenario !== null);

describe('any position the import accepts', () => {
  it('balances every identity of the books, and books exactly what was paid as money received', () => {
    fc.assert(
      fc.property(scenarioArb, ({ terms, position }) => {
        const { state, entries } = openingLoanState(terms, position, '2026-03-01');
        expect(books(state, entries)).toEqual(BALANCED);
        const cash = cashPositionOf(entries);
        expect(cash).toMatchObject({ cashCollected: 0, paidBeforeCutOver: position.amountPaid });
        const owed = foreclosureSummary(state, creditHeldOf(entries)).totalPendingAmount;
        if (position.status === 'approved') {
          expect(owed).toBe(
            terms.perDayEmi * terms.totalEmiDays - position.amountPaid + position.lateCharges,
          );
        } else expect(state.emis.some(isOpen)).toBe(false);
        // The recovery split goes on where the old book left off: principal never passes the loan.
        const total = terms.perDayEmi * terms.totalEmiDays;
        const loan = { loanAmount: Math.floor((total * 5) / 6), totalRepayable: total };
        const shares = interestSharesOf(entries, { ...loan, collectedBefore: 0 });
        const interest = shares.reduce<number>((sum, share) => sum + (share ?? 0), 0);
        expect(interest).toBe(splitRecovery(position.amountPaid, loan).interest);
      }),
      { numRuns: 300 },
    );
  });

  it('takes the book’s own operations afterwards: a payment, a foreclosure, a rewrite, a refund', () => {
    fc.assert(
      fc.property(scenarioArb, ({ terms, position }) => {
        const opened = openingLoanState(terms, position, '2026-03-01');
        const first = opened.state.emis.find(isOpen);
        if (first === undefined) return;
        const paid = accepted(
          payEmi(opened.state, { emiNumber: first.emi_number, paymentType: 'full', today: '2026-03-02' }),
        );
        const afterPay = [...opened.entries, ...paid.entries];
        expect(books(paid.state, afterPay)).toEqual(BALANCED);
        if (paid.state.status === 'approved') {
          const closed = accepted(foreclose(paid.state, { type: 'full', credit: creditHeldOf(afterPay) }));
          expect(books(closed.state, [...afterPay, ...closed.entries])).toEqual(BALANCED);
        }
        // A rewrite moves what was paid before the cut-over to credit held, as it moves cash.
        const rewritten = accepted(
          rescheduleLoan(opened.state, opened.entries, {
            startDate: terms.startDate,
            perDayEmiPaise: terms.perDayEmi,
            totalEmiDays: terms.totalEmiDays,
          }),
        );
        const afterRewrite = [...opened.entries, ...rewritten.entries];
        expect(books(rewritten.state, afterRewrite)).toEqual(BALANCED);
        expect(creditHeldOf(afterRewrite)).toBe(position.amountPaid);
        const applied = applyCredit(rewritten.state, { credit: position.amountPaid, today: '2026-03-02' });
        if (applied.ok) expect(books(applied.state, [...afterRewrite, ...applied.entries])).toEqual(BALANCED);
      }),
      { numRuns: 200 },
    );
  });

  it('refunds credit held from a part paid on the last EMI once the loan is closed', () => {
    const opened = openingLoanState(TERMS, position({ emisPaid: 9, partPaid: 4_000 }), CUT_OVER);
    const paid = accepted(payEmi(opened.state, { emiNumber: 10, paymentType: 'full', today: CUT_OVER }));
    expect(paid.state.status).toBe('closed');
    const refund = accepted(refundCredit(paid.state, { credit: 4_000, amount: 4_000 }));
    const entries = [...opened.entries, ...paid.entries, ...refund.entries];
    expect(books(paid.state, entries)).toEqual(BALANCED);
    expect(cashIdentity(entries)).toMatchObject({ ok: true, lhs: 9 * E + 4_000 + E });
  });
});

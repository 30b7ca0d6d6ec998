import { describe, expect, it } from 'vitest';
import { bounceEmi } from './bounce';
import { creditHeldOf } from './credit';
import { cashIdentity } from './identities';
import { checkLedgerInvariant, type LedgerEntry, reversalsOf } from './ledger';
import { payEmi } from './payments';
import { rescheduleLoan } from './reschedule';
import { accepted, loanBook, newLoan } from './test-support';

const R = 100;

/** ₹200 × 4: EMI 1 partial ₹150 (₹50 + ₹5 carried to EMI 2), EMI 3 bounced with ₹20. */
const busyLoan = () => {
  const loan = loanBook(200 * R, 4);
  loan.apply((s) =>
    payEmi(s, { emiNumber: 1, paymentType: 'partial', amount: 150 * R, today: '2025-01-01' }),
  );
  loan.apply((s) => bounceEmi(s, { emiNumber: 3, charge: 20 * R, reason: 'x', today: '2025-01-03' }));
  return loan;
};

describe('checkLedgerInvariant', () => {
  it('balances a fresh schedule: everything scheduled is outstanding', () => {
    const { state, entries } = newLoan(100 * R, 3);
    expect(checkLedgerInvariant(entries, state.emis)).toEqual({
      holds: true,
      totals: {
        scheduled: 300 * R,
        charges: 0,
        collected: 0,
        waived: 0,
        writtenOff: 0,
        outstanding: 300 * R,
      },
      violations: [],
    });
  });

  it('totals a busy loan', () => {
    const loan = busyLoan();
    expect(checkLedgerInvariant(loan.entries, loan.state.emis).totals).toEqual({
      scheduled: 800 * R,
      charges: 25 * R,
      collected: 150 * R,
      waived: 0,
      writtenOff: 0,
      outstanding: 675 * R,
    });
  });

  it('catches a missing row, an edited EMI, a fractional row and a mislabelled row', () => {
    const loan = busyLoan();
    const { entries, state } = loan;
    const withoutCollection = entries.filter((e) => e.kind !== 'collected');
    expect(checkLedgerInvariant(withoutCollection, state.emis).holds).toBe(false);
    const inflated = state.emis.map((e) =>
      e.emi_number === 2 ? { ...e, late_charge: e.late_charge + 1 } : e,
    );
    expect(checkLedgerInvariant(entries, inflated).holds).toBe(false);
    const fractional: LedgerEntry[] = [
      ...entries,
      { ...(entries[0] as LedgerEntry), amount: 0.5, instalment: 0.5 },
    ];
    expect(checkLedgerInvariant(fractional, state.emis).violations.join()).toMatch(/not a whole/);
    const mislabelled = entries.map((e) => (e.kind === 'collected' ? { ...e, penalty: 1 } : e));
    expect(checkLedgerInvariant(mislabelled, state.emis).violations.join()).toMatch(/instalment \+ penalty/);
  });

  it('catches a carry booked to the wrong EMI even though the loan-wide sums still balance', () => {
    const loan = busyLoan();
    const misdirected = loan.entries.map((e) => (e.kind === 'carry' ? { ...e, to_emi_number: 4 } : e));
    const report = checkLedgerInvariant(misdirected, loan.state.emis);
    expect(report.holds).toBe(false);
    expect(report.violations.every((v) => v.startsWith('EMI '))).toBe(true);
  });
});

describe('rescheduleLoan', () => {
  it('starts every EMI afresh, reverses the old schedule and keeps the cash as credit held', () => {
    const loan = busyLoan();
    const history = loan.entries;
    const result = accepted(
      rescheduleLoan(loan.state, history, {
        startDate: '2025-02-01',
        perDayEmiPaise: 150 * R,
        totalEmiDays: 6,
      }),
    );
    expect(result.state.status).toBe('approved');
    expect(result.state.emis.map((e) => [e.status, e.amount, e.late_charge])).toEqual(
      Array.from({ length: 6 }, () => ['pending', 150 * R, 0]),
    );
    const ledger = [...history, ...result.entries];
    const report = checkLedgerInvariant(ledger, result.state.emis);
    expect(report.violations).toEqual([]);
    expect(report.totals).toMatchObject({
      scheduled: 900 * R,
      charges: 0,
      collected: 0,
      outstanding: 900 * R,
    });
    // Every schedule row is reversed; the ₹150 collected is not, it moves to credit held.
    expect(result.entries.filter((e) => e.kind === 'reversal')).toHaveLength(
      history.filter((e) => e.kind !== 'collected').length,
    );
    expect(result.entries.filter((e) => e.kind === 'credit')).toEqual([
      expect.objectContaining({ cause: 'rewrite', emi_number: 1, amount: 150 * R, instalment: 150 * R }),
    ]);
    expect(result.credited).toBe(150 * R);
    expect(creditHeldOf(ledger)).toBe(150 * R);
    expect(cashIdentity(ledger).ok).toBe(true);

    // A second rewrite reverses only what is still live: the second schedule.
    const again = accepted(
      rescheduleLoan(result.state, ledger, {
        startDate: '2025-02-01',
        perDayEmiPaise: 100 * R,
        totalEmiDays: 2,
      }),
    );
    expect(again.entries.filter((e) => e.kind === 'reversal')).toHaveLength(6);
    expect(again.entries.filter((e) => e.kind === 'credit')).toEqual([]);
    expect(checkLedgerInvariant([...ledger, ...again.entries], again.state.emis).violations).toEqual([]);
    expect(reversalsOf([...ledger, ...again.entries])).toHaveLength(2);
    expect(creditHeldOf([...ledger, ...again.entries])).toBe(150 * R);
  });

  it('refuses terminal loans', () => {
    const { state, entries } = newLoan(100 * R, 2, 'closed');
    const result = rescheduleLoan(state, entries, {
      startDate: '2025-01-01',
      perDayEmiPaise: 1,
      totalEmiDays: 1,
    });
    expect(result.ok ? null : result.code).toBe('LOAN_TERMINAL');
  });
});

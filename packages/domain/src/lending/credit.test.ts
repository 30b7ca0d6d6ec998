import { describe, expect, it } from 'vitest';
import { bounceEmi } from './bounce';
import { applyCredit, creditHeldOf, refundCredit } from './credit';
import { foreclose } from './foreclosure';
import { cashIdentity, emiLedgerMismatches, ledgerEmiBalances, scheduleIdentity } from './identities';
import type { LedgerEntry } from './ledger';
import { payEmi } from './payments';
import { rescheduleLoan } from './reschedule';
import { accepted, loanBook } from './test-support';
import type { LoanState } from './types';

const R = 100;
const DAY = '2025-01-02';

/** ₹100 × 4 with EMIs 1 and 2 paid in cash (₹200), then rewritten to ₹150 × 4: ₹200 credit held. */
const rewritten = () => {
  const loan = loanBook(100 * R, 4);
  loan.apply((s) => payEmi(s, { emiNumber: 1, paymentType: 'full', today: '2025-01-01' }));
  loan.apply((s) => payEmi(s, { emiNumber: 2, paymentType: 'full', today: DAY }));
  loan.apply((s) =>
    rescheduleLoan(s, loan.entries, { startDate: '2025-01-01', perDayEmiPaise: 150 * R, totalEmiDays: 4 }),
  );
  return loan;
};

const both = (entries: readonly LedgerEntry[], state: LoanState) => {
  expect(scheduleIdentity(entries, state.emis)).toMatchObject({ ok: true });
  expect(cashIdentity(entries)).toMatchObject({ ok: true });
  expect(emiLedgerMismatches(entries, state.emis)).toEqual([]);
};

describe('credit held', () => {
  it('a rewrite keeps the cash: the ₹200 collected becomes credit held, the identities balance', () => {
    const loan = rewritten();
    expect(creditHeldOf(loan.entries)).toBe(200 * R);
    expect(loan.entries.filter((e) => e.kind === 'collected').map((e) => e.amount)).toEqual([
      100 * R,
      100 * R,
    ]);
    both(loan.entries, loan.state);
    expect(scheduleIdentity(loan.entries, loan.state.emis)).toMatchObject({ lhs: 600 * R, rhs: 600 * R });
    expect(cashIdentity(loan.entries)).toMatchObject({ lhs: 200 * R, rhs: 200 * R });
  });

  it('apply credit pays open EMIs oldest first, whole EMIs only, as credit (no new cash)', () => {
    const loan = rewritten();
    const result = loan.apply((s) => applyCredit(s, { credit: creditHeldOf(loan.entries), today: DAY }));
    expect(result).toMatchObject({ applied: 150 * R, emiNumbers: [1] });
    expect(result.entries.map((e) => [e.kind, e.cause, e.emi_number, e.amount])).toEqual([
      ['credit_applied', 'apply_credit', 1, 150 * R],
    ]);
    expect(loan.emi(1).status).toBe('paid');
    expect(loan.emi(2).status).toBe('pending');
    expect(creditHeldOf(loan.entries)).toBe(50 * R);
    both(loan.entries, loan.state);
    expect(cashIdentity(loan.entries)).toMatchObject({ lhs: 200 * R, rhs: 200 * R });
    expect(scheduleIdentity(loan.entries, loan.state.emis)).toMatchObject({ lhs: 600 * R, rhs: 600 * R });
    // ₹50 does not pay EMI 2 in full.
    expect(loan.refuse((s) => applyCredit(s, { credit: 50 * R, today: DAY })).code).toBe('CREDIT_NOT_ENOUGH');
    expect(loan.refuse((s) => applyCredit(s, { credit: 0, today: DAY })).code).toBe('NO_CREDIT_HELD');
  });

  it('apply credit pays a current bounced EMI with its dues first', () => {
    const loan = loanBook(100 * R, 4);
    loan.apply((s) => bounceEmi(s, { emiNumber: 1, charge: 20 * R, reason: 'r', today: DAY }));
    const result = loan.apply((s) => applyCredit(s, { credit: 230 * R, today: DAY }));
    expect(result).toMatchObject({ applied: 220 * R, emiNumbers: [1, 2] });
    expect(loan.emi(1).bounce_status).toBe('recovered');
  });

  it('a second rewrite moves credit applied back to credit held', () => {
    const loan = rewritten();
    loan.apply((s) => applyCredit(s, { credit: 200 * R, today: DAY }));
    loan.apply((s) =>
      rescheduleLoan(s, loan.entries, { startDate: '2025-01-01', perDayEmiPaise: 50 * R, totalEmiDays: 10 }),
    );
    expect(creditHeldOf(loan.entries)).toBe(200 * R);
    both(loan.entries, loan.state);
  });

  it('foreclosure consumes the credit held before any cash', () => {
    const loan = rewritten();
    const result = loan.apply((s) => foreclose(s, { type: 'full', credit: 200 * R }));
    expect(result).toMatchObject({ collected: 400 * R, creditApplied: 200 * R, writtenOff: 0 });
    expect(creditHeldOf(loan.entries)).toBe(0);
    const rows = result.entries.map((e) => [e.kind, e.emi_number, e.amount]);
    expect(rows).toEqual([
      ['credit_applied', 1, 150 * R],
      ['credit_applied', 2, 50 * R],
      ['collected', 2, 100 * R],
      ['collected', 3, 150 * R],
      ['collected', 4, 150 * R],
    ]);
    both(loan.entries, loan.state);
  });

  it('credit above what is pending is left over for a refund once the loan closes', () => {
    const loan = rewritten();
    loan.apply((s) =>
      rescheduleLoan(s, loan.entries, { startDate: '2025-01-01', perDayEmiPaise: 50 * R, totalEmiDays: 2 }),
    );
    expect(loan.refuse((s) => refundCredit(s, { credit: 200 * R, amount: 100 * R })).code).toBe(
      'REFUND_NOT_DUE',
    );
    const result = loan.apply((s) => foreclose(s, { type: 'full', credit: 200 * R }));
    expect(result).toMatchObject({ collected: 0, creditApplied: 100 * R });
    expect(loan.state.status).toBe('closed');
    expect(creditHeldOf(loan.entries)).toBe(100 * R);
    expect(loan.refuse((s) => refundCredit(s, { credit: 100 * R, amount: 101 * R })).code).toBe(
      'REFUND_AMOUNT_OUT_OF_RANGE',
    );
    loan.apply((s) => refundCredit(s, { credit: 100 * R, amount: 100 * R }));
    expect(creditHeldOf(loan.entries)).toBe(0);
    expect(cashIdentity(loan.entries)).toMatchObject({ ok: true, lhs: 200 * R });
    expect(loan.refuse((s) => refundCredit(s, { credit: 0, amount: 1 })).code).toBe('NO_CREDIT_HELD');
  });
});

describe('the identities catch what is wrong', () => {
  it('a refund or credit applied without credit breaks the cash identity', () => {
    const loan = rewritten();
    const overRefunded = [
      ...loan.entries,
      {
        ...(loan.entries[0] as LedgerEntry),
        kind: 'refund' as const,
        cause: 'refund' as const,
        amount: 300 * R,
        instalment: 300 * R,
        penalty: 0,
      },
    ];
    expect(cashIdentity(overRefunded).ok).toBe(false);
    const withoutCredit = loan.entries.filter((e) => e.kind !== 'credit');
    expect(scheduleIdentity(withoutCredit, loan.state.emis).ok).toBe(false);
  });

  it('derives each EMI’s balance from the ledger and names an EMI row that disagrees', () => {
    const loan = rewritten();
    expect(ledgerEmiBalances(loan.entries).find((b) => b.emi_number === 1)).toEqual({
      emi_number: 1,
      owed: { instalment: 150 * R, penalty: 0 },
      applied: { instalment: 0, penalty: 0 },
    });
    const edited = loan.state.emis.map((e) => (e.emi_number === 3 ? { ...e, late_charge: 5 } : e));
    expect(emiLedgerMismatches(loan.entries, edited)).toEqual([expect.stringMatching(/^EMI 3 \(open\)/)]);
    const paidBehindTheLedger = loan.state.emis.map((e) =>
      e.emi_number === 4 ? { ...e, status: 'paid' as const } : e,
    );
    expect(emiLedgerMismatches(loan.entries, paidBehindTheLedger)).toEqual([
      expect.stringMatching(/^EMI 4 \(paid\)/),
    ]);
    expect(accepted(applyCredit(loan.state, { credit: 150 * R, today: DAY })).applied).toBe(150 * R);
  });
});

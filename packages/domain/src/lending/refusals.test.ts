import { describe, expect, it } from 'vitest';
import { ERROR_HTTP_STATUS } from '../errors/catalogue';
import { bounceEmi } from './bounce';
import { clearAllCharges, clearEmiCharge } from './charges';
import { foreclose } from './foreclosure';
import { latestLateCharge, latestLateChargeEmi } from './open';
import { payEmi } from './payments';
import { CLEAR_ALL_MISMATCH_MESSAGE, LENDING_REFUSAL_CODES } from './refusals';
import { loanBook } from './test-support';
import type { LoanStatus } from './types';

const R = 100;
const today = '2025-01-05';
const pay = (emiNumber: number, paymentType: 'full' | 'emi_only' | 'partial' = 'full', amount?: number) => ({
  emiNumber,
  paymentType,
  amount,
  today,
});
const bounce = (emiNumber: number, charge = 10 * R) => ({
  emiNumber,
  charge,
  reason: 'Payment failed',
  today,
});

describe('refusals change nothing and say why', () => {
  it.each<[LoanStatus, string]>([
    ['pending_acceptance', 'LOAN_NOT_APPROVED'],
    ['accepted', 'LOAN_NOT_APPROVED'],
    ['processing', 'LOAN_NOT_APPROVED'],
    ['closed', 'LOAN_TERMINAL'],
    ['default', 'LOAN_TERMINAL'],
  ])('a %s loan moves no money (%s)', (status, code) => {
    const loan = loanBook(100 * R, 3, status);
    expect(loan.refuse((s) => payEmi(s, pay(1))).code).toBe(code);
    expect(loan.refuse((s) => bounceEmi(s, bounce(1))).code).toBe(code);
    expect(loan.refuse((s) => clearAllCharges(s, { amount: 0 })).code).toBe(code);
    expect(loan.refuse((s) => clearEmiCharge(s, { emiNumber: 1, amount: 1 })).code).toBe(code);
    expect(loan.refuse((s) => foreclose(s, { type: 'full' })).code).toBe(code);
  });

  it('EMI_NOT_FOUND for a number outside the schedule', () => {
    const loan = loanBook(100 * R, 3);
    for (const n of [0, 4, -1, 1.5]) {
      expect(loan.refuse((s) => payEmi(s, pay(n))).code).toBe('EMI_NOT_FOUND');
      expect(loan.refuse((s) => bounceEmi(s, bounce(n))).code).toBe('EMI_NOT_FOUND');
      expect(loan.refuse((s) => clearEmiCharge(s, { emiNumber: n, amount: 1 })).code).toBe('EMI_NOT_FOUND');
    }
  });

  it('EMI_ALREADY_PAID for a paid or partial EMI, for paying and bouncing', () => {
    const loan = loanBook(100 * R, 3);
    loan.apply((s) => payEmi(s, pay(1)));
    loan.apply((s) => payEmi(s, pay(2, 'partial', 50 * R)));
    for (const n of [1, 2]) {
      expect(loan.refuse((s) => payEmi(s, pay(n))).code).toBe('EMI_ALREADY_PAID');
      expect(loan.refuse((s) => payEmi(s, pay(n, 'emi_only'))).code).toBe('EMI_ALREADY_PAID');
      expect(loan.refuse((s) => bounceEmi(s, bounce(n))).code).toBe('EMI_ALREADY_PAID');
    }
    expect(loan.refuse((s) => payEmi(s, pay(2))).message).toBe(
      'EMI 2 is already partially paid; it cannot be paid or bounced again.',
    );
  });

  it('EMI_FORECLOSED for a foreclosed EMI', () => {
    const loan = loanBook(100 * R, 2);
    const emis = loan.state.emis.map((emi) =>
      emi.emi_number === 1 ? { ...emi, status: 'foreclosed' as const } : emi,
    );
    const result = payEmi({ status: 'approved', emis }, pay(1));
    expect(result.ok ? null : result.code).toBe('EMI_FORECLOSED');
  });

  it('BOUNCED_NOT_CURRENT for a bounced EMI whose dues rolled on', () => {
    const loan = loanBook(100 * R, 4);
    loan.apply((s) => bounceEmi(s, bounce(1)));
    loan.apply((s) => bounceEmi(s, bounce(2)));
    expect(loan.refuse((s) => payEmi(s, pay(1))).code).toBe('BOUNCED_NOT_CURRENT');
    expect(loan.refuse((s) => bounceEmi(s, bounce(1))).code).toBe('BOUNCED_NOT_CURRENT');
    expect(loan.refuse((s) => clearEmiCharge(s, { emiNumber: 1, amount: 1 })).code).toBe('EMI_NOT_OPEN');
  });

  it('PARTIAL_ON_BOUNCED: the current bounced EMI takes full or emi_only only', () => {
    const loan = loanBook(100 * R, 3);
    loan.apply((s) => bounceEmi(s, bounce(1)));
    expect(loan.refuse((s) => payEmi(s, pay(1, 'partial', 10 * R))).code).toBe('PARTIAL_ON_BOUNCED');
  });

  it('PARTIAL_AMOUNT_OUT_OF_RANGE: 0 < x ≤ the EMI amount, whole paise, present', () => {
    const loan = loanBook(100 * R, 3);
    for (const amount of [0, -1, 100 * R + 1, 0.5, Number.NaN, undefined]) {
      expect(loan.refuse((s) => payEmi(s, pay(1, 'partial', amount))).code).toBe(
        'PARTIAL_AMOUNT_OUT_OF_RANGE',
      );
    }
    loan.apply((s) => payEmi(s, pay(1, 'partial', 100 * R)));
    loan.apply((s) => payEmi(s, pay(2, 'partial', 1)));
  });

  it('CARRY_FROM_LAST_EMI: emi_only or partial that would carry with no open EMI after it', () => {
    const loan = loanBook(100 * R, 3);
    loan.apply((s) => payEmi(s, pay(1)));
    loan.apply((s) => bounceEmi(s, bounce(3)));
    expect(loan.refuse((s) => payEmi(s, pay(3, 'emi_only'))).code).toBe('CARRY_FROM_LAST_EMI');
    loan.apply((s) => payEmi(s, pay(3)));
    // EMI 2 is open but nothing after it is: a partial must carry, so it is refused.
    expect(loan.refuse((s) => payEmi(s, pay(2, 'partial', 50 * R))).code).toBe('CARRY_FROM_LAST_EMI');
    const last = loan.apply((s) => payEmi(s, pay(2, 'partial', 100 * R)));
    expect(last.carried).toBeNull();
    expect(last.state.status).toBe('closed');
  });

  it('bounce charges must be whole, non-negative paise', () => {
    const loan = loanBook(100 * R, 3);
    expect(loan.refuse((s) => bounceEmi(s, bounce(1, -1))).code).toBe('BOUNCE_CHARGE_OUT_OF_RANGE');
    expect(loan.refuse((s) => bounceEmi(s, bounce(1, 0.5))).code).toBe('INVALID_AMOUNT');
  });

  it('every code has an HTTP status', () => {
    for (const code of LENDING_REFUSAL_CODES) expect([400, 404, 409]).toContain(ERROR_HTTP_STATUS[code]);
  });
});

describe('clearing charges', () => {
  it('loan-wide: only the exact latest late charge clears, and it waives every open late charge', () => {
    const loan = loanBook(100 * R, 5);
    loan.apply((s) => bounceEmi(s, bounce(1, 30 * R)));
    loan.apply((s) => payEmi(s, pay(1, 'emi_only'))); // EMI 2 now owes ₹30 of charges
    loan.apply((s) => bounceEmi(s, bounce(3, 20 * R))); // EMI 3 current bounced, ₹20
    const wrong = loan.refuse((s) => clearAllCharges(s, { amount: 30 * R }));
    expect(wrong).toMatchObject({ code: 'CLEAR_AMOUNT_MISMATCH', message: CLEAR_ALL_MISMATCH_MESSAGE });
    expect(loan.refuse((s) => clearAllCharges(s, { amount: 20 * R + 1 })).code).toBe('CLEAR_AMOUNT_MISMATCH');
    const cleared = loan.apply((s) => clearAllCharges(s, { amount: 20 * R }));
    expect(cleared.waived).toBe(50 * R);
    expect(cleared.entries.map((e) => [e.kind, e.emi_number, e.amount])).toEqual([
      ['waived', 2, 30 * R],
      ['waived', 3, 20 * R],
    ]);
    expect([loan.emi(2).late_charge, loan.emi(3).late_charge]).toEqual([0, 0]);
    expect(loan.emi(1).late_charge).toBe(30 * R); // settled history stays
    expect(loan.emi(1)).toMatchObject({ bounce_status: 'waived', dues_with: null }); // waived, not recovered
    expect(loan.emi(3)).toMatchObject({ status: 'bounced', bounce_status: 'bounced', dues_with: 3 }); // its instalment is still owed
    expect(loan.refuse((s) => clearAllCharges(s, { amount: 20 * R })).code).toBe('NO_CHARGES_TO_CLEAR');
  });

  it('loan-wide: "latest" is the highest-numbered open EMI with a late charge; a settled one is history', () => {
    const loan = loanBook(100 * R, 5);
    loan.apply((s) => bounceEmi(s, bounce(1, 30 * R)));
    loan.apply((s) => payEmi(s, pay(1, 'emi_only'))); // EMI 2 owes ₹30
    loan.apply((s) => bounceEmi(s, bounce(4, 20 * R)));
    loan.apply((s) => payEmi(s, pay(4))); // EMI 4 settled with ₹20 as history
    expect(latestLateCharge(loan.state)).toBe(30 * R);
    expect(latestLateChargeEmi(loan.state)?.emi_number).toBe(2);
    expect(loan.refuse((s) => clearAllCharges(s, { amount: 20 * R })).code).toBe('CLEAR_AMOUNT_MISMATCH');
    expect(loan.apply((s) => clearAllCharges(s, { amount: 30 * R })).waived).toBe(30 * R);
    expect(loan.emi(4).late_charge).toBe(20 * R); // history is never cleared
    expect(latestLateCharge(loan.state)).toBe(0);
  });

  it('loan-wide: the current bounced EMI counts as open, a bounced EMI whose dues moved on does not', () => {
    const loan = loanBook(100 * R, 5);
    loan.apply((s) => bounceEmi(s, bounce(2, 40 * R))); // EMI 2 current, ₹40
    expect(latestLateCharge(loan.state)).toBe(40 * R);
    loan.apply((s) => bounceEmi(s, bounce(3, 15 * R))); // EMI 2's ₹140 roll into EMI 3, now current
    expect(latestLateChargeEmi(loan.state)?.emi_number).toBe(3);
    expect(latestLateCharge(loan.state)).toBe(155 * R);
    loan.apply((s) => payEmi(s, pay(3))); // all collected: EMI 2's and 3's charges are history
    expect(latestLateCharge(loan.state)).toBe(0);
    expect(loan.refuse((s) => clearAllCharges(s, { amount: 155 * R })).code).toBe('NO_CHARGES_TO_CLEAR');
  });

  it('per EMI: 0 < amount ≤ that EMI’s late charge, penalty waived before carried instalment', () => {
    const loan = loanBook(200 * R, 3);
    loan.apply((s) => payEmi(s, pay(1, 'partial', 100 * R))); // EMI 2: ₹100 instalment + ₹10 charge
    for (const amount of [0, -1, 110 * R + 1, 0.5]) {
      expect(loan.refuse((s) => clearEmiCharge(s, { emiNumber: 2, amount })).code).toBe(
        'CLEAR_AMOUNT_OUT_OF_RANGE',
      );
    }
    expect(loan.refuse((s) => clearEmiCharge(s, { emiNumber: 1, amount: 1 })).code).toBe('EMI_NOT_OPEN');
    const first = loan.apply((s) => clearEmiCharge(s, { emiNumber: 2, amount: 15 * R }));
    expect(first.entries).toEqual([
      expect.objectContaining({ kind: 'waived', penalty: 10 * R, instalment: 5 * R }),
    ]);
    expect(loan.emi(2)).toMatchObject({ late_charge: 95 * R, carried_instalment: 95 * R });
    loan.apply((s) => clearEmiCharge(s, { emiNumber: 2, amount: 95 * R }));
    expect(loan.emi(2).late_charge).toBe(0);
    expect(loan.refuse((s) => clearEmiCharge(s, { emiNumber: 2, amount: 1 })).code).toBe(
      'CLEAR_AMOUNT_OUT_OF_RANGE',
    );
  });
});

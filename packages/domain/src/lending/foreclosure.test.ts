import { describe, expect, it } from 'vitest';
import { bounceEmi } from './bounce';
import { foreclose, foreclosureSummary } from './foreclosure';
import { payEmi } from './payments';
import { loanBook } from './test-support';

const R = 100;

/** ₹100 × 5; EMI 1 paid; EMI 2 bounced with ₹50: pending = 4 × ₹100 + ₹50 = ₹450. */
const setUp = () => {
  const loan = loanBook(100 * R, 5);
  loan.apply((s) => payEmi(s, { emiNumber: 1, paymentType: 'full', today: '2025-01-01' }));
  loan.apply((s) => bounceEmi(s, { emiNumber: 2, charge: 50 * R, reason: 'x', today: '2025-01-02' }));
  return loan;
};

describe('foreclosure', () => {
  it('summarises the open EMIs', () => {
    expect(foreclosureSummary(setUp().state)).toEqual({
      pendingEmis: 4,
      totalEmiAmount: 400 * R,
      totalLateCharges: 50 * R,
      creditApplied: 0,
      totalPendingAmount: 450 * R,
    });
    expect(foreclosureSummary(setUp().state, 100 * R)).toMatchObject({
      creditApplied: 100 * R,
      totalPendingAmount: 350 * R,
    });
    expect(foreclosureSummary(setUp().state, 999 * R).totalPendingAmount).toBe(0);
  });

  it('full collects the total pending and closes; open EMIs become foreclosed; bounced dues recovered', () => {
    const loan = setUp();
    const result = loan.apply((s) => foreclose(s, { type: 'full', amount: 1 }));
    expect(result).toMatchObject({ collected: 450 * R, writtenOff: 0, premium: 0 });
    expect(loan.state.status).toBe('closed');
    expect(loan.state.emis.map((e) => e.status)).toEqual([
      'paid',
      'foreclosed',
      'foreclosed',
      'foreclosed',
      'foreclosed',
    ]);
    expect(loan.emi(2).bounce_status).toBe('recovered');
    expect(result.entries.every((e) => e.kind === 'collected')).toBe(true);
  });

  it('full_and_final takes 0 ≤ x ≤ 1.5 × pending and closes; more than pending is a premium', () => {
    const loan = setUp();
    expect(loan.refuse((s) => foreclose(s, { type: 'full_and_final', amount: 675 * R + 1 })).code).toBe(
      'FORECLOSURE_AMOUNT_OUT_OF_RANGE',
    );
    const result = loan.apply((s) => foreclose(s, { type: 'full_and_final', amount: 675 * R }));
    expect(result).toMatchObject({ collected: 675 * R, writtenOff: 0, premium: 225 * R });
    expect(result.entries).toContainEqual(
      expect.objectContaining({
        kind: 'charge',
        cause: 'foreclosure_premium',
        emi_number: 5,
        amount: 225 * R,
      }),
    );
    expect(loan.state.status).toBe('closed');
  });

  it('a short full_and_final pays instalments first and writes off the rest (charges first)', () => {
    const loan = setUp();
    const result = loan.apply((s) => foreclose(s, { type: 'full_and_final', amount: 300 * R }));
    expect(result).toMatchObject({ collected: 300 * R, writtenOff: 150 * R });
    const rows = result.entries.map((e) => [e.kind, e.emi_number, e.instalment, e.penalty]);
    expect(rows).toEqual([
      ['collected', 2, 100 * R, 0],
      ['written_off', 2, 0, 50 * R],
      ['collected', 3, 100 * R, 0],
      ['collected', 4, 100 * R, 0],
      ['written_off', 5, 100 * R, 0],
    ]);
    expect(loan.state.status).toBe('closed');
    expect(loan.emi(2).bounce_status).toBe('written_off'); // not all dues collected: left unrecovered
  });

  it('settlement takes 0 ≤ x ≤ pending and defaults the loan', () => {
    const loan = setUp();
    for (const amount of [450 * R + 1, -1, 0.5]) {
      expect(loan.refuse((s) => foreclose(s, { type: 'settlement', amount })).code).toBe(
        'FORECLOSURE_AMOUNT_OUT_OF_RANGE',
      );
    }
    expect(loan.refuse((s) => foreclose(s, { type: 'settlement' })).code).toBe('FORECLOSURE_AMOUNT_REQUIRED');
    expect(loan.refuse((s) => foreclose(s, { type: 'full_and_final', amount: null })).code).toBe(
      'FORECLOSURE_AMOUNT_REQUIRED',
    );
    const result = loan.apply((s) => foreclose(s, { type: 'settlement', amount: 450 * R }));
    expect(result).toMatchObject({ collected: 450 * R, writtenOff: 0 });
    expect(loan.state.status).toBe('default');
  });

  it('a zero settlement writes off everything pending; the loan is then terminal', () => {
    const loan = setUp();
    const result = loan.apply((s) => foreclose(s, { type: 'settlement', amount: 0 }));
    expect(result).toMatchObject({ collected: 0, writtenOff: 450 * R });
    expect(result.entries.every((e) => e.kind === 'written_off')).toBe(true);
    expect(
      loan.refuse((s) => payEmi(s, { emiNumber: 3, paymentType: 'full', today: '2025-01-03' })).code,
    ).toBe('LOAN_TERMINAL');
    expect(loan.refuse((s) => foreclose(s, { type: 'full' })).code).toBe('LOAN_TERMINAL');
  });

  it('refuses when nothing is open', () => {
    const loan = loanBook(100 * R, 1);
    const emis = loan.state.emis.map((emi) => ({ ...emi, status: 'paid' as const }));
    const result = foreclose({ status: 'approved', emis }, { type: 'full' });
    expect(result.ok ? null : result.code).toBe('NOTHING_PENDING');
  });
});

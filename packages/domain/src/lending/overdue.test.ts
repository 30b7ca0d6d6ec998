import { describe, expect, it } from 'vitest';
import { bounceEmi } from './bounce';
import { collectPayment } from './collect';
import { collectOverdue, isOverdue, overdueEmis } from './overdue';
import { loanBook } from './test-support';

const R = 100; // paise per rupee
// loanBook's EMI n is dated 2025-01-0n.
const bounce = (emiNumber: number, charge: number, today: string) => (s: Parameters<typeof bounceEmi>[0]) =>
  bounceEmi(s, { emiNumber, charge, reason: 'Payment failed', today });

describe('overdue EMIs', () => {
  it('are the open EMIs dated before today, oldest first; today’s EMI is not overdue yet', () => {
    const loan = loanBook(120 * R, 5);
    expect(overdueEmis(loan.state, '2025-01-01')).toEqual([]);
    expect(overdueEmis(loan.state, '2025-01-03').map((emi) => emi.emi_number)).toEqual([1, 2]);
    loan.apply((s) => collectPayment(s, { emiNumber: 1, paymentType: 'full', today: '2025-01-01' }));
    loan.apply(bounce(2, 10 * R, '2025-01-02'));
    // The current bounced EMI is open, so overdue; a paid one is not.
    expect(overdueEmis(loan.state, '2025-01-04').map((emi) => emi.emi_number)).toEqual([2, 3]);
    expect(isOverdue(loan.emi(3), '2025-01-03')).toBe(false);
    expect(isOverdue(loan.emi(3), '2025-01-04')).toBe(true);
  });
});

describe('collectOverdue', () => {
  it('pays every overdue EMI in full, oldest first, with the late charge levied once on the oldest', () => {
    const loan = loanBook(120 * R, 5);
    const done = loan.apply((s) => collectOverdue(s, { today: '2025-01-04', lateCharge: 20 * R }));
    expect(done.payments.map((p) => [p.emiNumber, p.collected, p.levied])).toEqual([
      [1, 140 * R, 20 * R],
      [2, 120 * R, 0],
      [3, 120 * R, 0],
    ]);
    expect(done).toMatchObject({ collected: 380 * R, levied: 20 * R });
    expect(done.entries.map((e) => [e.kind, e.cause, e.emi_number, e.amount])).toEqual([
      ['charge', 'collection_charge', 1, 20 * R],
      ['collected', 'payment', 1, 140 * R],
      ['collected', 'payment', 2, 120 * R],
      ['collected', 'payment', 3, 120 * R],
    ]);
    expect(done.events.map((e) => [e.event_type, e.emi_number])).toEqual([
      ['EMI_PAID_LATE', 1],
      ['EMI_PAID_LATE', 2],
      ['EMI_PAID_LATE', 3],
    ]);
    expect([1, 2, 3, 4].map((n) => loan.emi(n).status)).toEqual(['paid', 'paid', 'paid', 'pending']);
    expect(loan.state.status).toBe('approved');
  });

  it('pays a skipped EMI before the current bounced one, which is collected with its dues', () => {
    const loan = loanBook(120 * R, 5);
    loan.apply(bounce(2, 10 * R, '2025-01-02'));
    const done = loan.apply((s) => collectOverdue(s, { today: '2025-01-04' }));
    expect(done.payments.map((p) => [p.emiNumber, p.collected, p.rolledFrom])).toEqual([
      [1, 120 * R, null],
      [2, 130 * R, null],
      [3, 120 * R, null],
    ]);
    expect(loan.emi(2)).toMatchObject({ status: 'paid', bounce_status: 'recovered' });
  });

  it('collects a bounced EMI’s rolled dues on the EMI holding them', () => {
    const loan = loanBook(120 * R, 5);
    loan.apply(bounce(1, 10 * R, '2025-01-01'));
    loan.apply(bounce(2, 0, '2025-01-02'));
    // EMI 1 rolled into EMI 2 (the current bounced one): only 2 and 3 are overdue.
    const done = loan.apply((s) => collectOverdue(s, { today: '2025-01-04' }));
    expect(done.payments.map((p) => [p.emiNumber, p.collected])).toEqual([
      [2, 250 * R],
      [3, 120 * R],
    ]);
    expect(loan.emi(1).bounce_status).toBe('recovered');
  });

  it('closes the loan when the overdue EMIs were all that was left', () => {
    const loan = loanBook(120 * R, 3);
    const done = loan.apply((s) => collectOverdue(s, { today: '2025-01-10' }));
    expect(done.payments).toHaveLength(3);
    expect(loan.state.status).toBe('closed');
  });

  it('refuses when nothing is overdue, for loans that move no money, and for a bad charge, changing nothing', () => {
    const loan = loanBook(120 * R, 3);
    expect(loan.refuse((s) => collectOverdue(s, { today: '2025-01-01' })).code).toBe('NOTHING_OVERDUE');
    expect(loan.refuse((s) => collectOverdue(s, { today: '2025-01-03', lateCharge: -1 })).code).toBe(
      'LATE_CHARGE_OUT_OF_RANGE',
    );
    loan.apply((s) => collectOverdue(s, { today: '2025-01-03' }));
    expect(loan.refuse((s) => collectOverdue(s, { today: '2025-01-03' })).code).toBe('NOTHING_OVERDUE');
    expect(
      loanBook(120 * R, 3, 'closed').refuse((s) => collectOverdue(s, { today: '2025-01-09' })).code,
    ).toBe('LOAN_TERMINAL');
    expect(
      loanBook(120 * R, 3, 'processing').refuse((s) => collectOverdue(s, { today: '2025-01-09' })).code,
    ).toBe('LOAN_NOT_APPROVED');
  });
});

import { describe, expect, it } from 'vitest';
import { applyCredit, creditHeldOf, holdCash, refundCredit } from './credit';
import { foreclose } from './foreclosure';
import { cashIdentity, cashPositionOf, emiLedgerMismatches, scheduleIdentity } from './identities';
import { MAX_LOAN_AMOUNT_PAISE } from './limits';
import { payEmi } from './payments';
import { rescheduleLoan } from './reschedule';
import { loanBook } from './test-support';

const R = 100;
const DAY = '2025-01-02';

describe('cash held as credit (a collection that can no longer be applied)', () => {
  it('counts as cash collected and as credit held at once: both identities hold', () => {
    const loan = loanBook(100 * R, 4);
    loan.apply((s) => payEmi(s, { emiNumber: 1, paymentType: 'full', today: DAY }));
    const held = loan.apply((s) => holdCash(s, { amount: 100 * R }));
    expect(held.held).toBe(100 * R);
    expect(held.entries.map((e) => [e.kind, e.cause, e.emi_number, e.amount])).toEqual([
      ['collected', 'held_cash', 0, 100 * R],
      ['credit', 'held_cash', 0, 100 * R],
    ]);
    // No EMI changed: EMI 2 is still open.
    expect(loan.emi(2).status).toBe('pending');
    expect(creditHeldOf(loan.entries)).toBe(100 * R);
    expect(cashPositionOf(loan.entries)).toMatchObject({ cashCollected: 200 * R, creditHeld: 100 * R });
    expect(cashIdentity(loan.entries)).toMatchObject({ ok: true, lhs: 200 * R, rhs: 200 * R });
    expect(scheduleIdentity(loan.entries, loan.state.emis)).toMatchObject({ ok: true });
    expect(emiLedgerMismatches(loan.entries, loan.state.emis)).toEqual([]);
  });

  it('the credit is applied later, survives a rewrite, and is refunded once the loan closes', () => {
    const loan = loanBook(100 * R, 4);
    loan.apply((s) => holdCash(s, { amount: 250 * R }));
    loan.apply((s) => applyCredit(s, { credit: creditHeldOf(loan.entries), today: DAY }));
    expect(creditHeldOf(loan.entries)).toBe(50 * R);
    loan.apply((s) =>
      rescheduleLoan(s, loan.entries, { startDate: '2025-01-01', perDayEmiPaise: 150 * R, totalEmiDays: 4 }),
    );
    // The rewrite moved the ₹200 applied back to credit: ₹250 held again, nothing lost.
    expect(creditHeldOf(loan.entries)).toBe(250 * R);
    expect(cashIdentity(loan.entries)).toMatchObject({ ok: true, lhs: 250 * R });
    loan.apply((s) => foreclose(s, { type: 'full', credit: creditHeldOf(loan.entries) }));
    expect(loan.state.status).toBe('closed');
    // A closed loan still takes cash held (a late sync), to be refunded.
    const before = creditHeldOf(loan.entries);
    loan.apply((s) => holdCash(s, { amount: 10 * R }));
    expect(creditHeldOf(loan.entries)).toBe(before + 10 * R);
    loan.apply((s) => refundCredit(s, { credit: creditHeldOf(loan.entries), amount: before + 10 * R }));
    expect(creditHeldOf(loan.entries)).toBe(0);
    expect(cashIdentity(loan.entries)).toMatchObject({ ok: true });
    expect(scheduleIdentity(loan.entries, loan.state.emis)).toMatchObject({ ok: true });
  });

  it('refuses a loan never approved and an amount out of bounds', () => {
    expect(loanBook(100 * R, 4, 'processing').refuse((s) => holdCash(s, { amount: R })).code).toBe(
      'LOAN_NOT_APPROVED',
    );
    const loan = loanBook(100 * R, 4);
    for (const amount of [0, -R, 0.5, MAX_LOAN_AMOUNT_PAISE + 1])
      expect(loan.refuse((s) => holdCash(s, { amount })).code).toBe('INVALID_AMOUNT');
    expect(loan.apply((s) => holdCash(s, { amount: MAX_LOAN_AMOUNT_PAISE })).held).toBe(
      MAX_LOAN_AMOUNT_PAISE,
    );
  });
});

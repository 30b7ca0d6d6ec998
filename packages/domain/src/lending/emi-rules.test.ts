import { describe, expect, it } from 'vitest';
import { bounceEmi } from './bounce';
import { currentBouncedEmi, isOpen, openEmis } from './open';
import { payEmi } from './payments';
import { loanBook } from './test-support';

const R = 100; // paise per rupee
const day = (n: number): string => `2025-01-${String(n).padStart(2, '0')}`;

describe('payEmi and bounceEmi: the worked sequence at ₹100 a day', () => {
  it('pays EMI 1 in full, bounces EMI 2 with ₹50, then collects ₹150 on the current bounced EMI 2', () => {
    const loan = loanBook(100 * R, 5);
    const first = loan.apply((s) => payEmi(s, { emiNumber: 1, paymentType: 'full', today: day(1) }));
    expect(first.collected).toBe(100 * R);
    expect(first.events.map((e) => e.event_type)).toEqual(['EMI_PAID_ON_TIME']);
    expect(loan.emi(1)).toMatchObject({ status: 'paid', payment_type: 'full', paid_on: day(1) });
    expect(first.entries).toEqual([expect.objectContaining({ kind: 'collected', amount: 100 * R })]);

    const bounce = loan.apply((s) =>
      bounceEmi(s, { emiNumber: 2, charge: 50 * R, reason: 'Payment failed', today: day(2) }),
    );
    expect(loan.emi(2)).toMatchObject({
      status: 'bounced',
      bounce_count: 1,
      late_charge: 50 * R,
      bounced_on: day(2),
    });
    expect(loan.emi(2)).toMatchObject({ bounce_status: 'bounced', bounced_reason: 'Payment failed' });
    expect(currentBouncedEmi(loan.state)?.emi_number).toBe(2);
    expect(bounce.events[0]).toMatchObject({
      event_type: 'EMI_BOUNCED',
      amount: 150 * R,
      charges_applied: 50 * R,
    });
    expect(bounce.events[0]?.bounce_sequence).toBe(1);
    expect(bounce.entries).toEqual([
      expect.objectContaining({ kind: 'charge', cause: 'bounce_charge', amount: 50 * R }),
    ]);

    const recovery = loan.apply((s) => payEmi(s, { emiNumber: 2, paymentType: 'full', today: day(3) }));
    expect(recovery.collected).toBe(150 * R);
    expect(recovery.entries).toEqual([
      expect.objectContaining({ kind: 'collected', instalment: 100 * R, penalty: 50 * R }),
    ]);
    expect(recovery.events.map((e) => e.event_type)).toEqual(['EMI_PAID_LATE']);
    expect(loan.emi(2)).toMatchObject({ status: 'paid', bounce_status: 'recovered', late_charge: 50 * R });
    expect(currentBouncedEmi(loan.state)).toBeNull();
    expect(loan.state.status).toBe('approved');
  });

  it('partial ₹100 of a ₹200 EMI leaves ₹100, charges ₹10 and carries ₹110 to the next EMI', () => {
    const loan = loanBook(200 * R, 3);
    const result = loan.apply((s) =>
      payEmi(s, { emiNumber: 1, paymentType: 'partial', amount: 100 * R, today: day(1) }),
    );
    expect(result).toMatchObject({
      collected: 100 * R,
      partialCharge: 10 * R,
      carried: { to: 2, amount: 110 * R },
    });
    expect(loan.emi(1)).toMatchObject({
      status: 'partial',
      payment_type: 'partial',
      partial_payment_amount: 100 * R,
      remaining_balance: 100 * R,
    });
    expect(loan.emi(2)).toMatchObject({
      late_charge: 110 * R,
      carried_instalment: 100 * R,
      status: 'pending',
    });
    expect(result.entries.map((e) => [e.kind, e.amount])).toEqual([
      ['charge', 10 * R],
      ['collected', 100 * R],
      ['carry', 110 * R],
    ]);
    const next = loan.apply((s) => payEmi(s, { emiNumber: 2, paymentType: 'full', today: day(2) }));
    expect(next.collected).toBe(310 * R);
    expect(next.entries[0]).toMatchObject({ instalment: 300 * R, penalty: 10 * R });
  });

  it('partial adds the EMI’s own late charge to the carry, and rounds 10% half-up to the rupee', () => {
    const small = loanBook(200 * R, 3);
    small.apply((s) => payEmi(s, { emiNumber: 1, paymentType: 'partial', amount: 17_500, today: day(1) }));
    // remaining ₹25 → 10% = ₹2.50 → ₹3 (half up).
    expect(small.emi(2).late_charge).toBe(2_500 + 300);
    const result = small.apply((s) =>
      payEmi(s, { emiNumber: 2, paymentType: 'partial', amount: 17_501, today: day(2) }),
    );
    // remaining ₹24.99 → ₹2.499 → ₹2; carried = own late charge ₹28 + ₹24.99 + ₹2.
    expect(result.partialCharge).toBe(200);
    expect(small.emi(3).late_charge).toBe(2_800 + 2_499 + 200);
    expect(small.emi(3).carried_instalment).toBe(2_500 + 2_499);
  });

  it('emi_only collects the amount and carries the late charge; the bounced EMI recovers when it is paid full', () => {
    const loan = loanBook(100 * R, 4);
    loan.apply((s) =>
      bounceEmi(s, { emiNumber: 1, charge: 50 * R, reason: 'Insufficient funds', today: day(1) }),
    );
    const result = loan.apply((s) => payEmi(s, { emiNumber: 1, paymentType: 'emi_only', today: day(2) }));
    expect(result).toMatchObject({ collected: 100 * R, carried: { to: 2, amount: 50 * R } });
    expect(loan.emi(1)).toMatchObject({ status: 'paid', payment_type: 'emi_only', late_charge: 50 * R });
    expect(loan.emi(1)).toMatchObject({ bounce_status: 'bounced', dues_with: 2 });
    expect(loan.emi(2)).toMatchObject({ late_charge: 50 * R, carried_instalment: 0 });
    loan.apply((s) => payEmi(s, { emiNumber: 2, paymentType: 'full', today: day(2) }));
    expect(loan.emi(1).bounce_status).toBe('recovered');
  });

  it('emi_only with no late charge needs no carry, even on the last EMI', () => {
    const loan = loanBook(100 * R, 1);
    const result = loan.apply((s) => payEmi(s, { emiNumber: 1, paymentType: 'emi_only', today: day(1) }));
    expect(result.carried).toBeNull();
    expect(loan.state.status).toBe('closed');
  });

  it('paying a later EMI first rolls the current bounced EMI into it', () => {
    const loan = loanBook(100 * R, 5);
    loan.apply((s) => bounceEmi(s, { emiNumber: 2, charge: 50 * R, reason: 'x', today: day(2) }));
    const result = loan.apply((s) => payEmi(s, { emiNumber: 3, paymentType: 'full', today: day(3) }));
    expect(result.rolledFrom).toBe(2);
    expect(result.collected).toBe(250 * R);
    expect(result.entries.map((e) => [e.kind, e.cause, e.amount])).toEqual([
      ['carry', 'roll_forward', 150 * R],
      ['collected', 'payment', 250 * R],
    ]);
    expect(loan.emi(3)).toMatchObject({ late_charge: 150 * R, carried_instalment: 100 * R });
    expect(loan.emi(2)).toMatchObject({ status: 'bounced', bounce_status: 'recovered', dues_with: 3 });
    expect(isOpen(loan.emi(2))).toBe(false);
  });

  it('an emi_only on the EMI the bounced dues rolled into passes them on; recovery waits for a full payment', () => {
    const loan = loanBook(100 * R, 5);
    loan.apply((s) => bounceEmi(s, { emiNumber: 2, charge: 50 * R, reason: 'x', today: day(2) }));
    loan.apply((s) => payEmi(s, { emiNumber: 3, paymentType: 'emi_only', today: day(3) }));
    expect(loan.emi(4)).toMatchObject({ late_charge: 150 * R, carried_instalment: 100 * R });
    expect(loan.emi(2)).toMatchObject({ bounce_status: 'bounced', dues_with: 4 });
    loan.apply((s) => payEmi(s, { emiNumber: 4, paymentType: 'full', today: day(4) }));
    expect(loan.emi(2).bounce_status).toBe('recovered');
  });

  it('a double bounce rolls EMI 3 (amount + charge) into EMI 4; EMI 3 is then no longer open', () => {
    const loan = loanBook(100 * R, 5);
    loan.apply((s) => bounceEmi(s, { emiNumber: 3, charge: 20 * R, reason: 'x', today: day(3) }));
    const second = loan.apply((s) =>
      bounceEmi(s, { emiNumber: 4, charge: 30 * R, reason: 'y', today: day(4) }),
    );
    expect(second.rolled).toEqual({ from: 3, to: 4, amount: 120 * R });
    expect(loan.emi(4)).toMatchObject({
      status: 'bounced',
      late_charge: 150 * R,
      carried_instalment: 100 * R,
    });
    expect(loan.emi(3)).toMatchObject({ status: 'bounced', late_charge: 20 * R, dues_with: 4 });
    expect(isOpen(loan.emi(3))).toBe(false);
    expect(currentBouncedEmi(loan.state)?.emi_number).toBe(4);
    expect(openEmis(loan.state).map((e) => e.emi_number)).toEqual([1, 2, 4, 5]);
    const paid = loan.apply((s) => payEmi(s, { emiNumber: 4, paymentType: 'full', today: day(5) }));
    expect(paid.collected).toBe(250 * R);
    expect([loan.emi(3).bounce_status, loan.emi(4).bounce_status]).toEqual(['recovered', 'recovered']);
  });

  it('bouncing a skipped EMI before the current bounced one rolls it into the current one', () => {
    const loan = loanBook(100 * R, 5);
    loan.apply((s) => bounceEmi(s, { emiNumber: 4, charge: 10 * R, reason: 'x', today: day(4) }));
    const result = loan.apply((s) =>
      bounceEmi(s, { emiNumber: 2, charge: 5 * R, reason: 'late', today: day(5) }),
    );
    expect(result.rolled).toEqual({ from: 2, to: 4, amount: 105 * R });
    expect(loan.emi(4).late_charge).toBe(115 * R);
    expect(currentBouncedEmi(loan.state)?.emi_number).toBe(4);
    expect(loan.emi(2)).toMatchObject({ status: 'bounced', dues_with: 4, bounce_count: 1 });
  });

  it('re-bouncing the current bounced EMI adds the charge and counts the bounce', () => {
    const loan = loanBook(100 * R, 3);
    loan.apply((s) => bounceEmi(s, { emiNumber: 2, charge: 5 * R, reason: 'a', today: day(2) }));
    const again = loan.apply((s) =>
      bounceEmi(s, { emiNumber: 2, charge: 7 * R, reason: 'b', today: day(3) }),
    );
    expect(loan.emi(2)).toMatchObject({
      bounce_count: 2,
      late_charge: 12 * R,
      bounced_reason: 'b',
      bounced_on: day(3),
    });
    expect(again.rolled).toBeNull();
    expect(again.events[0]?.bounce_sequence).toBe(2);
  });

  it('paying an earlier EMI does not roll the current bounced EMI, and may carry into it', () => {
    const loan = loanBook(100 * R, 4);
    loan.apply((s) => bounceEmi(s, { emiNumber: 1, charge: 5 * R, reason: 'x', today: day(1) }));
    loan.apply((s) => payEmi(s, { emiNumber: 1, paymentType: 'emi_only', today: day(1) }));
    loan.apply((s) => bounceEmi(s, { emiNumber: 3, charge: 0, reason: 'x', today: day(3) }));
    // EMI 2 (late ₹5) paid emi_only: its ₹5 goes to the next open EMI, the current bounced EMI 3.
    const result = loan.apply((s) => payEmi(s, { emiNumber: 2, paymentType: 'emi_only', today: day(3) }));
    expect(result.rolledFrom).toBeNull();
    expect(result.carried).toEqual({ to: 3, amount: 5 * R });
    expect(loan.emi(3)).toMatchObject({ status: 'bounced', late_charge: 5 * R });
    expect(loan.emi(1).dues_with).toBe(3);
  });

  it('credit events: on or before the EMI date is on time, after it is late', () => {
    const loan = loanBook(100 * R, 3);
    const early = loan.apply((s) => payEmi(s, { emiNumber: 2, paymentType: 'full', today: '2024-12-31' }));
    const late = loan.apply((s) => payEmi(s, { emiNumber: 1, paymentType: 'full', today: day(2) }));
    const onDay = loan.apply((s) => payEmi(s, { emiNumber: 3, paymentType: 'full', today: day(3) }));
    expect([early, late, onDay].map((r) => r.events[0]?.event_type)).toEqual([
      'EMI_PAID_ON_TIME',
      'EMI_PAID_LATE',
      'EMI_PAID_ON_TIME',
    ]);
  });
});

describe('the loan closes itself', () => {
  it('when the last open EMI is settled', () => {
    const loan = loanBook(100 * R, 3);
    loan.apply((s) => payEmi(s, { emiNumber: 3, paymentType: 'full', today: day(3) }));
    loan.apply((s) => payEmi(s, { emiNumber: 1, paymentType: 'full', today: day(3) }));
    expect(loan.state.status).toBe('approved');
    const last = loan.apply((s) => payEmi(s, { emiNumber: 2, paymentType: 'full', today: day(3) }));
    expect(last.state.status).toBe('closed');
  });

  it('not while the last EMI is bounced, and once it is paid in full', () => {
    const loan = loanBook(100 * R, 2);
    loan.apply((s) => payEmi(s, { emiNumber: 1, paymentType: 'full', today: day(1) }));
    loan.apply((s) => bounceEmi(s, { emiNumber: 2, charge: 10 * R, reason: 'x', today: day(2) }));
    expect(loan.state.status).toBe('approved');
    loan.apply((s) => payEmi(s, { emiNumber: 2, paymentType: 'full', today: day(3) }));
    expect(loan.state.status).toBe('closed');
  });

  it('when a partial on the second-last EMI carries into the last, once the last is paid', () => {
    const loan = loanBook(100 * R, 2);
    loan.apply((s) => payEmi(s, { emiNumber: 1, paymentType: 'partial', amount: 60 * R, today: day(1) }));
    expect(loan.state.status).toBe('approved');
    const last = loan.apply((s) => payEmi(s, { emiNumber: 2, paymentType: 'full', today: day(2) }));
    expect(last.collected).toBe(100 * R + 40 * R + 4 * R);
    expect(loan.state.status).toBe('closed');
  });
});

import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emiTestApp, expectBalanced, loanAuditActions } from '../../../test/support/emi-api';
import { createLoan, listEmis } from '../../../test/support/loans';
import { creditEvents, emiBounces, emiPayments } from '../../db/schema';

const { t, cast, api } = await emiTestApp();

const emiOf = async (loanId: number, n: number) => {
  const emi = (await listEmis(t.db, loanId)).find((row) => row.emiNumber === n);
  if (!emi) throw new Error(`no EMI ${n}`);
  return emi;
};

describe('the worked sequence of docs/lending-rules.md through HTTP (₹120 a day)', () => {
  it('pays, bounces, carries, clears and rolls forward with the ledger balanced after every step', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA });
    const admin = cast.admin.headers;
    const agent = { authorization: cast.agentA.headers.authorization };

    // 1. EMI 1 paid in full by the customer's agent, in UPI.
    const full = await api.pay(agent, loan.id, 1, { payment_type: 'full', payment_mode: 'upi' });
    expect(full.statusCode).toBe(200);
    expect(full.json().message).toBe('EMI 1 fully paid.');
    expect(full.json().receipt).toMatchObject({
      loan_id: loan.id,
      loan_code: loan.loanCode,
      emi_number: 1,
      payment_date: '2026-11-21',
      due_date: '2026-11-21',
      amount: 120,
      late_charge: 0,
      amount_collected: 120,
      payment_type: 'full',
      payment_mode: 'upi',
      partial_payment_amount: null,
      remaining_balance: 0,
      carried_to_emi: null,
      collected_by: cast.agentA.user.name,
    });
    await expectBalanced(t, loan.id);

    // 2. EMI 2 bounces with ₹50.
    const bounce = await api.bounce(admin, loan.id, 2, { late_charges: 50, reason: 'Insufficient funds' });
    expect(bounce.statusCode).toBe(200);
    expect(bounce.json()).toMatchObject({
      message: 'EMI 2 marked as bounced',
      emi: {
        emi_number: 2,
        status: 'bounced',
        late_charge: 50,
        bounce_count: 1,
        bounced_reason: 'Insufficient funds',
      },
    });
    expect((await emiOf(loan.id, 2)).bounceStatus).toBe('bounced');
    await expectBalanced(t, loan.id);

    // 3. The bounced EMI 2 paid in full: ₹170, its bounce recovered.
    const recovery = await api.pay(admin, loan.id, 2, { payment_type: 'full', payment_amount: 170 });
    expect(recovery.statusCode).toBe(200);
    expect(recovery.json().receipt).toMatchObject({
      amount_collected: 170,
      late_charge: 50,
      payment_mode: 'cash',
    });
    expect((await emiOf(loan.id, 2)).bounceStatus).toBe('recovered');
    await expectBalanced(t, loan.id);

    // 4. Partial ₹100 of EMI 3: ₹20 remains, 10% of it is ₹2, EMI 4 carries ₹22.
    const partial = await api.pay(admin, loan.id, 3, { payment_type: 'partial', payment_amount: 100 });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().message).toBe('Partial payment of ₹100 received. Remaining balance: ₹20.');
    expect(partial.json().receipt).toMatchObject({
      amount_collected: 100,
      partial_payment_amount: 100,
      remaining_balance: 20,
      partial_charge: 2,
      carried_amount: 22,
      carried_to_emi: 4,
    });
    expect(await emiOf(loan.id, 4)).toMatchObject({ lateCharge: 2_200, carriedInstalment: 2_000 });
    await expectBalanced(t, loan.id);

    // 5. emi_only on EMI 4: ₹120 collected, its ₹22 carried to EMI 5.
    const emiOnly = await api.pay(admin, loan.id, 4, { payment_type: 'emi_only', payment_amount: 120 });
    expect(emiOnly.statusCode).toBe(200);
    expect(emiOnly.json().receipt).toMatchObject({
      amount_collected: 120,
      carried_amount: 22,
      carried_to_emi: 5,
    });
    expect((await emiOf(loan.id, 5)).lateCharge).toBe(2_200);
    await expectBalanced(t, loan.id);

    // 6. Clear charges: only the exact latest late charge (₹22) clears them.
    const inexact = await api.clearAll(admin, loan.id, { amount: 21 });
    expect(inexact.statusCode).toBe(400);
    expect(inexact.json().message).toBe(
      'Please enter the exact latest late charge amount to clear all charges.',
    );
    const cleared = await api.clearAll(admin, loan.id, { amount: 22, reason: 'Goodwill' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({
      message: 'Late charges cleared successfully',
      cleared: 22,
      emis: [{ emi_number: 5, late_charge: 0 }],
    });
    const afterClear = await expectBalanced(t, loan.id);
    expect(afterClear.totals.waived).toBe(2_200);

    // 7. Double bounce rolling forward: EMI 5 (₹10) then EMI 6 (₹10); EMI 5's ₹130 roll into EMI 6.
    expect((await api.bounce(admin, loan.id, 5, { late_charges: 10 })).statusCode).toBe(200);
    const second = await api.bounce(agent, loan.id, 6, { late_charges: 10, notes: 'Shop closed' });
    expect(second.statusCode).toBe(200);
    expect(second.json().emi).toMatchObject({ late_charge: 140, bounce_count: 1, notes: 'Shop closed' });
    await expectBalanced(t, loan.id);
    const notCurrent = await api.pay(admin, loan.id, 5, {});
    expect(notCurrent.statusCode).toBe(409);
    expect(notCurrent.json().message).toMatch(/EMI 5 is not the current bounced EMI/);
    const rolled = await api.pay(admin, loan.id, 6, { payment_type: 'full' });
    expect(rolled.json().receipt).toMatchObject({ amount_collected: 260, late_charge: 140 });
    expect((await emiOf(loan.id, 5)).bounceStatus).toBe('recovered');
    const final = await expectBalanced(t, loan.id);
    expect(final.totals).toMatchObject({
      collected: 12_000 + 17_000 + 10_000 + 12_000 + 26_000,
      waived: 2_200,
    });

    // What the reports of the next issue read: payment and bounce records, credit events, audit rows.
    const payments = await t.db
      .select()
      .from(emiPayments)
      .where(eq(emiPayments.loanId, loan.id))
      .orderBy(asc(emiPayments.id));
    expect(payments.map((p) => [p.emiNumber, p.paymentType, p.paymentMode, p.amount, p.collectedBy])).toEqual(
      [
        [1, 'full', 'upi', 12_000, cast.agentA.user.id],
        [2, 'full', 'cash', 17_000, cast.admin.user.id],
        [3, 'partial', 'cash', 10_000, cast.admin.user.id],
        [4, 'emi_only', 'cash', 12_000, cast.admin.user.id],
        [6, 'full', 'cash', 26_000, cast.admin.user.id],
      ],
    );
    const bounces = await t.db.select().from(emiBounces).where(eq(emiBounces.loanId, loan.id));
    expect(bounces.map((b) => [b.emiNumber, b.charge, b.reason, b.bouncedBy, b.bouncedOn])).toEqual([
      [2, 5_000, 'Insufficient funds', cast.admin.user.id, '2026-11-21'],
      [5, 1_000, 'Payment failed', cast.admin.user.id, '2026-11-21'],
      [6, 1_000, 'Payment failed', cast.agentA.user.id, '2026-11-21'],
    ]);
    const events = await t.db
      .select()
      .from(creditEvents)
      .where(and(eq(creditEvents.loanId, loan.id), eq(creditEvents.emiNumber, 2)))
      .orderBy(asc(creditEvents.id));
    expect(events.map((e) => [e.eventType, e.amount, e.chargesApplied, e.bounceSequence])).toEqual([
      ['EMI_BOUNCED', 17_000, 5_000, 1],
      ['EMI_PAID_ON_TIME', 17_000, null, null],
    ]);
    expect(await loanAuditActions(t, loan.id)).toEqual([
      'emi_paid',
      'emi_bounced',
      'emi_paid',
      'emi_paid',
      'emi_paid',
      'emi_charges_cleared',
      'emi_bounced',
      'emi_bounced',
      'emi_paid',
    ]);
  });

  it('per-EMI clear: 0 < amount ≤ that EMI’s late charge, charges before carried instalment', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 5 });
    await api.pay(cast.admin.headers, loan.id, 1, { payment_type: 'partial', payment_amount: 100 });
    const emi2 = await emiOf(loan.id, 2);
    const over = await api.clearEmi(cast.admin.headers, emi2.id, { amount: 22.01 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe("Enter an amount above ₹0 and at most EMI 2's late charge, ₹22.00.");
    expect((await api.clearEmi(cast.admin.headers, emi2.id, { amount: 0 })).statusCode).toBe(400);
    const settled = await api.clearEmi(cast.admin.headers, (await emiOf(loan.id, 1)).id, { amount: 1 });
    expect(settled.statusCode).toBe(409);
    const part = await api.clearEmi(cast.admin.headers, emi2.id, { amount: 5 });
    expect(part.json()).toMatchObject({ cleared: 5, emis: [{ id: emi2.id, late_charge: 17 }] });
    expect(await emiOf(loan.id, 2)).toMatchObject({ lateCharge: 1_700, carriedInstalment: 1_700 });
    expect((await api.clearEmi(cast.admin.headers, 987_654, { amount: 1 })).statusCode).toBe(404);
    await expectBalanced(t, loan.id);
  });

  it('a late charge levied at collection is booked, then collected (full) or carried (emi_only)', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 5 });
    const levied = await api.pay(cast.admin.headers, loan.id, 1, {
      late_charge_amount: 15,
      payment_amount: 135,
    });
    expect(levied.json().receipt).toMatchObject({
      amount_collected: 135,
      late_charge: 15,
      late_charge_levied: 15,
    });
    const carried = await api.pay(cast.admin.headers, loan.id, 2, {
      payment_type: 'emi_only',
      late_charge_amount: 5,
    });
    expect(carried.json().receipt).toMatchObject({
      amount_collected: 120,
      carried_amount: 5,
      carried_to_emi: 3,
    });
    const wrong = await api.pay(cast.admin.headers, loan.id, 3, { payment_amount: 120 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'A full payment of EMI 3 collects ₹125.00 now, not ₹120.00.',
      errors: [{ param: 'payment_amount' }],
    });
    expect((await api.pay(cast.admin.headers, loan.id, 3, { late_charge_amount: -1 })).statusCode).toBe(400);
    const { totals } = await expectBalanced(t, loan.id);
    expect(totals.charges).toBe(2_000);
  });
});

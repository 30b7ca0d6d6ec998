import { cashIdentity, scheduleIdentity } from '@lending/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { novemberDay as at, booksTestApp, okBody as ok } from '../../../test/support/books';
import { loanAuditActions } from '../../../test/support/emi-api';
import { loanForm, putLoan } from '../../../test/support/loan-api';
import { createLoan, storedInvariant } from '../../../test/support/loans';
import { emiPayments, type LoanRow, loanLedger } from '../../db/schema';

const { t, cast, api, post, closedWithCreditLeft } = await booksTestApp();
const loanDetail = async (id: number) => ok(await api.get(cast.admin.headers, `/api/loans/${id}`));
type Day = { date: string; agent: { id: number }; totalCollected: number };
/** The collections report's collected total per IST day (all collectors). */
const dayTotals = async () => {
  const body = ok(await api.get(cast.admin.headers, '/api/loans/agent/collection-report?limit=100'));
  const totals: Record<string, number> = {};
  for (const day of body.dailySummary as Day[])
    totals[day.date] = (totals[day.date] ?? 0) + day.totalCollected;
  return { totals, body };
};
const expectIdentities = async (loanId: number) => {
  const { entries, emis } = await storedInvariant(t.db, loanId);
  expect(scheduleIdentity(entries, emis)).toMatchObject({ ok: true });
  expect(cashIdentity(entries)).toMatchObject({ ok: true });
};
/** ₹1,000 at ₹150 a day for 10 days from 18 November: the edit of the ₹120 × 10 loan. */
const editTo150 = (customerId: number) =>
  loanForm(customerId, {
    loan_amount: '1000',
    per_day_emi: '150',
    total_emi_days: '10',
    start_date: '2026-11-18',
    payment_method: 'cash',
    loan_reason: '',
  });

let loan: LoanRow;
let before: Record<string, number>;

/** Three days of collections on a ₹120 × 10 loan (18, 19, 20 November), then an edit on the 21st. */
beforeAll(async () => {
  loan = (await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-18', totalEmiDays: 10 }))
    .loan;
  t.clock.set(at(18));
  ok(await api.pay(cast.agentA.headers, loan.id, 1, { payment_mode: 'cash' }));
  t.clock.set(at(19));
  ok(await api.pay(cast.agentA.headers, loan.id, 2, { payment_mode: 'upi' }));
  t.clock.set(at(20));
  ok(await api.pay(cast.admin.headers, loan.id, 3, { payment_mode: 'cash' }));
  before = (await dayTotals()).totals;
  t.clock.set(at(21));
  ok(await putLoan(t, cast.admin.headers, loan.id, editTo150(cast.customerA.id)));
});

describe('collected cash is never un-collected', () => {
  it('a loan edited after three days of collections shows the same three days’ totals, and its credit held equals the cash collected', async () => {
    expect(before).toMatchObject({ '2026-11-18': 120, '2026-11-19': 120, '2026-11-20': 120 });
    expect((await dayTotals()).totals).toEqual(before);
    const detail = await loanDetail(loan.id);
    expect(detail).toMatchObject({
      credit_held: 360,
      refund_due: 0,
      credit_source: { business_date: '2026-11-21', by_name: cast.admin.user.name },
    });
    expect(detail.emis.every((emi: { status: string }) => emi.status === 'pending')).toBe(true);
    await expectIdentities(loan.id);
  });

  it('keeps each cash row’s day, collector, mode, payment record and audit row', async () => {
    const rows = await t.db.select().from(loanLedger).where(eq(loanLedger.loanId, loan.id));
    const cash = rows.filter((row) => row.kind === 'collected');
    expect(cash.map((row) => [row.businessDate, row.actorId, row.paymentMode, row.amount])).toEqual([
      ['2026-11-18', cast.agentA.user.id, 'cash', 12_000],
      ['2026-11-19', cast.agentA.user.id, 'upi', 12_000],
      ['2026-11-20', cast.admin.user.id, 'cash', 12_000],
    ]);
    expect(cash.every((row) => row.paymentId !== null && row.auditId !== null)).toBe(true);
    const credit = rows.filter((row) => row.kind === 'credit');
    expect(credit.reduce((sum, row) => sum + row.amount, 0)).toBe(36_000);
    expect(credit.every((row) => row.auditId !== null && row.businessDate === '2026-11-21')).toBe(true);
  });

  it('a receipt of a payment made before the rewrite still shows what was collected that day', async () => {
    const [first] = await t.db.select().from(emiPayments).where(eq(emiPayments.loanId, loan.id)).limit(1);
    if (!first) throw new Error('no payment');
    const body = ok(await api.get(cast.agentA.headers, `/api/emi/receipt/payment/${first.id}`));
    expect(body.receipt).toMatchObject({
      emi_id: null,
      payment_id: first.id,
      emi_number: 1,
      payment_date: '2026-11-18',
      due_date: '2026-11-18',
      amount: 120,
      amount_collected: 120,
      payment_mode: 'cash',
      collected_by: cast.agentA.user.name,
    });
    const outside = await api.get(cast.agentB.headers, `/api/emi/receipt/payment/${first.id}`);
    expect(outside.statusCode).toBe(404);
  });

  it('apply credit (admins): whole EMIs oldest first, as credit, idempotent; agents and borrowers 403', async () => {
    const url = `/api/loans/${loan.id}/apply-credit`;
    expect((await post(cast.agentA.headers, url, {})).statusCode).toBe(403);
    expect((await post(cast.borrower.headers, url, {})).statusCode).toBe(403);
    const first = await post(cast.admin.headers, url, {}, 'apply-1');
    expect(ok(first)).toMatchObject({ applied: 300, credit_held: 60 });
    expect(
      ok(first).emis.map((emi: { emi_number: number; status: string }) => [emi.emi_number, emi.status]),
    ).toEqual([
      [1, 'paid'],
      [2, 'paid'],
    ]);
    const replay = await post(cast.admin.headers, url, {}, 'apply-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(ok(replay)).toEqual(ok(first));
    expect((await loanDetail(loan.id)).credit_held).toBe(60);
    const again = await post(cast.admin.headers, url, {}, 'apply-2');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CREDIT_NOT_ENOUGH');
    // No new cash: every past day and today stay as they were.
    expect((await dayTotals()).totals).toEqual(before);
    const applied = await t.db.select().from(loanLedger).where(eq(loanLedger.kind, 'credit_applied'));
    expect(applied.map((row) => [row.paymentMode, row.businessDate, row.paymentId !== null])).toEqual([
      ['credit', '2026-11-21', true],
      ['credit', '2026-11-21', true],
    ]);
    expect(await loanAuditActions(t, loan.id)).toContain('loan_credit_applied');
    await expectIdentities(loan.id);
  });

  it('a refund is refused while the loan runs', async () => {
    const response = await post(cast.admin.headers, `/api/loans/${loan.id}/refund`, {
      amount: 60,
      payment_mode: 'cash',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('REFUND_NOT_DUE');
  });

  it('foreclosure consumes the credit held; its cash is a Foreclosure row of its day in the report', async () => {
    const foreclosure = ok(await api.get(cast.admin.headers, `/api/loans/${loan.id}/foreclosure`));
    expect(foreclosure).toMatchObject({ creditApplied: 60, totalPendingAmount: 1140 });
    ok(
      await post(cast.admin.headers, `/api/loans/${loan.id}/foreclose`, {
        foreclosure_type: 'full',
        reason: 'Customer Request',
        payment_mode: 'upi',
      }),
    );
    expect(await loanDetail(loan.id)).toMatchObject({ status: 'closed', credit_held: 0, refund_due: 0 });
    const { totals, body } = await dayTotals();
    expect(totals).toEqual({ ...before, '2026-11-21': 1140 });
    expect(body.results[0]).toMatchObject({
      status: 'paid',
      record_type: 'foreclosure',
      emi_number: null,
      loan_code: loan.loanCode,
      payment_mode: 'upi',
      amount: 1140,
      collector: { id: cast.admin.user.id },
    });
    expect(body.grandTotalPaidAmount).toBe(360 + 1140);
    await expectIdentities(loan.id);
  });

  it('a closed loan with credit left shows it as refund due; a refund is recorded once (admins)', async () => {
    const small = await closedWithCreditLeft('2026-11-21');
    expect(await loanDetail(small.id)).toMatchObject({ status: 'closed', credit_held: 140, refund_due: 140 });
    const url = `/api/loans/${small.id}/refund`;
    expect((await post(cast.agentA.headers, url, { amount: 140, payment_mode: 'cash' })).statusCode).toBe(
      403,
    );
    const tooMuch = await post(cast.admin.headers, url, { amount: 141, payment_mode: 'cash' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().code).toBe('REFUND_AMOUNT_OUT_OF_RANGE');
    const refund = await post(
      cast.admin.headers,
      url,
      { amount: 140, payment_mode: 'upi', notes: 'By UPI' },
      'r-1',
    );
    expect(ok(refund)).toMatchObject({ refunded: 140, credit_held: 0 });
    expect(
      (await post(cast.admin.headers, url, { amount: 140, payment_mode: 'upi', notes: 'By UPI' }, 'r-1'))
        .headers['idempotent-replayed'],
    ).toBe('true');
    expect(await loanDetail(small.id)).toMatchObject({ credit_held: 0, refund_due: 0 });
    const [row] = await t.db.select().from(loanLedger).where(eq(loanLedger.kind, 'refund'));
    expect(row).toMatchObject({
      loanId: small.id,
      amount: 14_000,
      paymentMode: 'upi',
      businessDate: '2026-11-21',
    });
    expect(row?.auditId).not.toBeNull();
    expect(await loanAuditActions(t, small.id)).toContain('loan_refunded');
    await expectIdentities(small.id);
  });
});

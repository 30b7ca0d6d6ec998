import { cashIdentity, scheduleIdentity } from '@lending/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { okBody as ok, postJson } from '../../../test/support/books';
import { emiTestApp, loanAuditActions } from '../../../test/support/emi-api';
import type { Headers } from '../../../test/support/loan-api';
import { createLoan, storedInvariant } from '../../../test/support/loans';
import { auditLogs, type LoanRow, loanLedger } from '../../db/schema';
import { verifyBooks } from '../books';

// The test clock's now: 2026-11-21T06:30Z, 12:00 IST on the business day 2026-11-21.
const { t, cast, api } = await emiTestApp();

const hold = (headers: Headers, loanId: number, body: object, key?: string) =>
  postJson(t, headers, `/api/loans/${loanId}/hold-cash`, body, key);
const ledgerOf = (loanId: number) =>
  t.db
    .select()
    .from(loanLedger)
    .where(and(eq(loanLedger.loanId, loanId), eq(loanLedger.cause, 'held_cash')));
const creditHeld = async (headers: Headers, loanId: number) =>
  ok(await api.get(headers, `/api/loans/${loanId}`)).credit_held;
const PHONE_TIME = '2026-11-20T10:00:00.000Z';

let loan: LoanRow;
let loanB: LoanRow;

/**
 * Agent A's phone collected EMI 1 of a ₹120 × 10 loan (from 11-18) on the 20th while offline; the
 * admin collected that EMI meanwhile, so the phone's collection is refused when it syncs on the 21st.
 */
beforeAll(async () => {
  loan = (await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-18', totalEmiDays: 10 }))
    .loan;
  loanB = (await createLoan(t.db, { customer: cast.customerB, startDate: '2026-11-18', totalEmiDays: 10 }))
    .loan;
  ok(await api.pay(cast.admin.headers, loan.id, 1, { payment_mode: 'cash' }));
  const refused = await api.pay(
    cast.agentA.headers,
    loan.id,
    1,
    { payment_mode: 'cash', collected_at: PHONE_TIME },
    'phone-1',
  );
  expect(refused.json().code).toBe('EMI_ALREADY_PAID');
});

describe('POST /loans/{id}/hold-cash: a conflicted collection kept as credit held', () => {
  it('records the cash once under the phone’s key: a collected and a credit row, credit held grows', async () => {
    const body = { amount: 120, payment_mode: 'cash', collected_at: PHONE_TIME, reason: 'EMI_ALREADY_PAID' };
    const first = ok(await hold(cast.agentA.headers, loan.id, body, 'phone-1:credit-held'));
    expect(first).toEqual({
      message: "₹120.00 recorded as the loan's credit held",
      held: 120,
      credit_held: 120,
    });
    const again = await hold(cast.agentA.headers, loan.id, body, 'phone-1:credit-held');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first);
    const rows = await ledgerOf(loan.id);
    expect(
      rows.map((row) => [
        row.kind,
        row.emiNumber,
        row.amount,
        row.actorId,
        row.businessDate,
        row.paymentMode,
      ]),
    ).toEqual([
      ['collected', 0, 12_000, cast.agentA.user.id, '2026-11-21', 'cash'],
      ['credit', 0, 12_000, cast.agentA.user.id, '2026-11-21', null],
    ]);
    expect(rows[0]?.auditId).not.toBeNull();
    expect(await creditHeld(cast.agentA.headers, loan.id)).toBe(120);
    // EMI 2 stays open: nothing was applied to an EMI.
    const detail = ok(await api.get(cast.admin.headers, `/api/loans/${loan.id}`));
    expect(detail.emis[1]).toMatchObject({ emi_number: 2, status: 'pending' });
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'loan_cash_held'));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.metadata).toMatchObject({
      held_paise: 12_000,
      collected_at: PHONE_TIME,
      reason: 'EMI_ALREADY_PAID',
    });
    expect(await loanAuditActions(t, loan.id)).toContain('loan_cash_held');
  });

  it('counts as cash the agent collected today: cash position, collections report, identities, verify', async () => {
    const { entries, emis } = await storedInvariant(t.db, loan.id);
    expect(scheduleIdentity(entries, emis)).toMatchObject({ ok: true });
    expect(cashIdentity(entries)).toMatchObject({ ok: true, lhs: 24_000 });
    const mine = ok(await api.get(cast.agentA.headers, '/api/cash/positions/me'));
    expect(mine.position).toMatchObject({ in_hand: 120, collected_today: { cash: 120 } });
    const report = ok(
      await api.get(
        cast.admin.headers,
        `/api/loans/agent/collection-report?agentId=${cast.agentA.user.id}&limit=50`,
      ),
    );
    expect(report.results).toEqual([
      expect.objectContaining({
        record_type: 'credit_held',
        emi_number: null,
        amount: 120,
        business_date: '2026-11-21',
        collected_at: PHONE_TIME,
        synced_late: true,
      }),
    ]);
    expect(report.grandTotalPaidAmount).toBe(120);
    expect(report.dailySummary).toEqual([expect.objectContaining({ totalCollected: 120, emisCollected: 0 })]);
    const books = await verifyBooks(t.db);
    expect(books.differing).toEqual([]);
    expect(books.dayTotalsDiffering).toEqual([]);
  });

  it('refuses outside the caller’s scope (404), borrowers (403), and nothing is recorded', async () => {
    const body = { amount: 50, payment_mode: 'cash' };
    expect((await hold(cast.agentB.headers, loan.id, body)).statusCode).toBe(404);
    expect((await hold(cast.borrower.headers, loan.id, body)).statusCode).toBe(403);
    expect((await hold({}, loan.id, body)).statusCode).toBe(401);
    expect(await ledgerOf(loan.id)).toHaveLength(2);
    // An admin may record it on any loan.
    ok(await hold(cast.admin.headers, loanB.id, body));
    expect(await creditHeld(cast.admin.headers, loanB.id)).toBe(50);
  });

  it.each([
    ['zero', { amount: 0 }, 'amount'],
    ['negative', { amount: -5 }, 'amount'],
    ['above ten crore', { amount: 100_000_001 }, 'amount'],
    ['a fraction of a paisa', { amount: 1.005 }, 'amount'],
    ['an unknown mode', { amount: 10, payment_mode: 'gold' }, 'payment_mode'],
  ])('refuses an amount or mode out of bounds (%s) with a 400 naming the field', async (_, body, param) => {
    const response = await hold(cast.agentA.headers, loan.id, { payment_mode: 'cash', ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [expect.objectContaining({ param })] });
  });

  it('refuses a phone time out of range and a loan never approved; nothing is recorded', async () => {
    const old = await hold(cast.agentA.headers, loan.id, {
      amount: 10,
      payment_mode: 'cash',
      collected_at: '2026-11-13T06:00:00Z',
    });
    expect(old.json()).toMatchObject({
      code: 'COLLECTED_AT_OUT_OF_RANGE',
      errors: [{ param: 'collected_at' }],
    });
    const pending = (await createLoan(t.db, { customer: cast.customerA, status: 'processing' })).loan;
    const refused = await hold(cast.agentA.headers, pending.id, { amount: 10, payment_mode: 'cash' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('LOAN_NOT_APPROVED');
    expect(await ledgerOf(loan.id)).toHaveLength(2);
    expect(await ledgerOf(pending.id)).toHaveLength(0);
  });

  it('takes cash on a closed loan (a refund due) and refuses it on a closed cash day', async () => {
    const closing = (
      await createLoan(t.db, { customer: cast.customerB, startDate: '2026-11-18', totalEmiDays: 10 })
    ).loan;
    ok(
      await postJson(t, cast.admin.headers, `/api/loans/${closing.id}/foreclose`, {
        foreclosure_type: 'full',
        reason: 'Customer Request',
        payment_mode: 'cash',
      }),
    );
    ok(await hold(cast.agentB.headers, closing.id, { amount: 30, payment_mode: 'upi' }));
    expect(ok(await api.get(cast.admin.headers, `/api/loans/${closing.id}`))).toMatchObject({
      status: 'closed',
      credit_held: 30,
      refund_due: 30,
    });
    ok(
      await postJson(t, cast.admin.headers, '/api/cash/day-closes', {
        collector_id: cast.agentB.user.id,
        received_amount: 0,
      }),
    );
    const late = await hold(cast.agentB.headers, loanB.id, { amount: 20, payment_mode: 'cash' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('CASH_DAY_CLOSED');
    expect(await creditHeld(cast.admin.headers, loanB.id)).toBe(50);
    expect((await verifyBooks(t.db)).differing).toEqual([]);
  });
});

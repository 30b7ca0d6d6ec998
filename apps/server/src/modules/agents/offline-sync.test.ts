import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Headers } from '../../../test/support/loan-api';
import { loanTestApp } from '../../../test/support/loan-api';
import { createLoan } from '../../../test/support/loans';
import { emiPayments, type LoanRow } from '../../db/schema';

// The test clock's now: 2026-11-21T06:30Z, 12:00 in Asia/Kolkata on the business day 2026-11-21.
const { t, cast } = await loanTestApp();
let loan: LoanRow;
let other: LoanRow;

/** Agent A's customer: a loan from 11-18 (EMIs 1–3 overdue at ₹120) and one from 11-19 (EMIs 1–2). */
beforeAll(async () => {
  loan = (await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-18', totalEmiDays: 10 }))
    .loan;
  other = (await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-19', totalEmiDays: 10 }))
    .loan;
});

const post = (headers: Headers, url: string, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
    payload,
  });
const paymentsOf = (loanId: number) => t.db.select().from(emiPayments).where(eq(emiPayments.loanId, loanId));
const partial = (collectedAt: string) => ({
  payment_type: 'partial',
  payment_amount: 50,
  payment_mode: 'cash',
  collected_at: collectedAt,
});

describe('collected_at: the phone time of a collection made offline', () => {
  it.each([
    ['in the future beyond the clock skew', '2026-11-21T06:36:00Z'],
    ['more than seven days old', '2026-11-14T06:29:00Z'],
  ])('is refused %s with a 400 naming the field, and nothing is paid', async (_, collectedAt) => {
    const response = await post(cast.agentA.headers, `/api/emi/pay/${loan.id}/1`, partial(collectedAt));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'COLLECTED_AT_OUT_OF_RANGE',
      errors: [{ param: 'collected_at' }],
    });
    const overdue = await post(cast.agentA.headers, '/api/emis/pay-overdue', {
      loan_id: other.id,
      collected_at: collectedAt,
    });
    expect(overdue.json().code).toBe('COLLECTED_AT_OUT_OF_RANGE');
    expect(await paymentsOf(loan.id)).toEqual([]);
    expect(await paymentsOf(other.id)).toEqual([]);
  });

  it('accepts a time within the skew and within seven days, and refuses a non ISO time', async () => {
    const garbled = await post(cast.agentA.headers, `/api/emi/pay/${loan.id}/1`, partial('yesterday'));
    expect(garbled.statusCode).toBe(400);
    const edge = await post(
      cast.agentA.headers,
      `/api/emi/pay/${loan.id}/1`,
      partial('2026-11-21T06:34:00Z'),
    );
    expect(edge.statusCode).toBe(200);
  });

  it('is stored beside the server time; the ledger keeps the business day and the report marks it late', async () => {
    const collectedAt = '2026-11-20T10:00:00.000Z';
    const body = { loan_id: other.id, expected_total: 240, collected_at: collectedAt };
    const first = await post(cast.agentA.headers, '/api/emis/pay-overdue', body, 'phone-key-1');
    expect(first.statusCode).toBe(200);
    // The same queue sent again (a retry after a lost answer) replays: one payment per EMI.
    const again = await post(cast.agentA.headers, '/api/emis/pay-overdue', body, 'phone-key-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const stored = await paymentsOf(other.id);
    expect(stored.map((row) => [row.emiNumber, row.paymentDate, row.collectedAt?.toISOString()])).toEqual([
      [1, '2026-11-21', collectedAt],
      [2, '2026-11-21', collectedAt],
    ]);
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/loans/agent/collection-report?search=${other.loanCode}`,
      headers: cast.admin.headers,
    });
    const rows = report.json().results as {
      business_date: string;
      collected_at: string;
      synced_late: boolean;
    }[];
    expect(rows.map((row) => [row.business_date, row.collected_at, row.synced_late])).toEqual([
      ['2026-11-21', collectedAt, true],
      ['2026-11-21', collectedAt, true],
    ]);
  });

  it('refuses an overdue collection whose amount no longer matches, and an EMI already paid', async () => {
    const mismatch = await post(cast.agentA.headers, '/api/emis/pay-overdue', {
      loan_id: loan.id,
      expected_total: 360,
    });
    // EMI 1 was partly paid above: what is due now is not what the phone took.
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      code: 'PAYMENT_AMOUNT_MISMATCH',
      errors: [{ param: 'expected_total' }],
    });
    const paidTwice = await post(
      cast.agentA.headers,
      `/api/emi/pay/${loan.id}/1`,
      partial('2026-11-21T06:00:00Z'),
    );
    expect(paidTwice.statusCode).toBe(409);
    expect(paidTwice.json().code).toBe('EMI_ALREADY_PAID');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { novemberDay as at, booksTestApp, okBody as ok } from '../../../test/support/books';
import type { Headers } from '../../../test/support/loan-api';
import { createLoan, insertUndatedPayment } from '../../../test/support/loans';
import type { LoanRow } from '../../db/schema';

const { t, cast, api, ...book } = await booksTestApp();

const loanDetail = async (id: number) => ok(await api.get(cast.admin.headers, `/api/loans/${id}`));
/** The report over whole IST days, both included. */
const reportOf = async (from: string, to: string, headers: Headers = cast.admin.headers) =>
  ok(
    await api.get(
      headers,
      `/api/loans/agent/collection-report?limit=100&startDate=${from}%2000:00:00&endDate=${to}%2023:59:59`,
    ),
  );

let loan: LoanRow;
let before: Record<string, unknown>;

/** Collections on 17, 18 and 19 November (the report read then), an edit on the 20th. */
beforeAll(async () => {
  loan = await book.threeDaysThenEdit(17, async () => {
    before = await reportOf('2026-11-17', '2026-11-19');
  });
});

describe('the collections report reads the ledger by business day', () => {
  it('three days of collections read the same after a schedule rewrite; credit held is the cash collected', async () => {
    expect(before).toMatchObject({ count: 3, grandTotalPaidAmount: 360 });
    expect(
      (before.dailySummary as { date: string; totalCollected: number }[]).map((day) => [
        day.date,
        day.totalCollected,
      ]),
    ).toEqual([
      ['2026-11-19', 120],
      ['2026-11-18', 120],
      ['2026-11-17', 120],
    ]);
    expect(await reportOf('2026-11-17', '2026-11-19')).toEqual(before);
    expect((await loanDetail(loan.id)).credit_held).toBe(before.grandTotalPaidAmount);
  });

  it('a refund is a negative row of its business day, netted in every total', async () => {
    const small = await book.closedWithCreditLeft('2026-11-20');
    t.clock.set(at(21));
    ok(await api.pay(cast.agentA.headers, loan.id, 1, { payment_mode: 'cash' }));
    await book.refundByUpi(small.id, 140);

    const day = await reportOf('2026-11-21', '2026-11-21');
    expect(day.results).toHaveLength(2);
    expect(day.results[0]).toMatchObject({
      status: 'paid',
      record_type: 'refund',
      business_date: '2026-11-21',
      emi_number: null,
      loan_code: small.loanCode,
      payment_mode: 'upi',
      amount: -140,
      instalment: -140,
      charges: 0,
      collector: { id: cast.admin.user.id },
    });
    // Money in only: the refund is not in it; the cash rows net it.
    const moneyIn = ok(
      await api.get(
        cast.admin.headers,
        '/api/loans/agent/collection-report?kind=collected&startDate=2026-11-21%2000:00:00&endDate=2026-11-21%2023:59:59',
      ),
    );
    expect([moneyIn.count, moneyIn.grandTotalPaidAmount, moneyIn.grandTotalInstalment]).toEqual([
      1, 150, 150,
    ]);
    expect(day).toMatchObject({ count: 2, grandTotalPaidAmount: 150 - 140, filteredTotalAmount: 10 });
    expect(day.dailySummary).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          agent: expect.objectContaining({ id: cast.admin.user.id }),
          totalCollected: -140,
          emisCollected: 0,
        }),
        expect.objectContaining({
          agent: expect.objectContaining({ id: cast.agentA.user.id }),
          totalCollected: 150,
          emisCollected: 1,
        }),
      ]),
    );
    // The refund left the 20th as it was: two collections of ₹120.
    expect(await reportOf('2026-11-20', '2026-11-20')).toMatchObject({ count: 2, grandTotalPaidAmount: 240 });
    // An agent's report never shows an admin's refund.
    expect((await reportOf('2026-11-21', '2026-11-21', cast.agentA.headers)).grandTotalPaidAmount).toBe(150);
  });

  it('a cash row without a business date lands on its payment’s IST day', async () => {
    const old = (
      await createLoan(t.db, { customer: cast.customerB, startDate: '2026-11-15', totalEmiDays: 10 })
    ).loan;
    // 01:30 IST on the 16th (still the 15th in UTC), recorded in the ledger on the 21st: the IST day
    // of the payment is what decides.
    await insertUndatedPayment(t.db, old.id, {
      collectorId: cast.agentB.user.id,
      amountPaise: 12_000,
      paidAt: new Date('2026-11-15T20:00:00Z'),
      now: at(21),
    });
    const day = await reportOf('2026-11-16', '2026-11-16');
    expect(day.results).toEqual([
      expect.objectContaining({
        loan_code: old.loanCode,
        business_date: '2026-11-16',
        amount: 120,
        collector: expect.objectContaining({ id: cast.agentB.user.id }),
      }),
    ]);
    expect(day.dailySummary).toEqual([expect.objectContaining({ date: '2026-11-16', totalCollected: 120 })]);
    expect((await reportOf('2026-11-15', '2026-11-15')).count).toBe(0);
    expect((await reportOf('2026-11-21', '2026-11-21')).count).toBe(2);
  });
});

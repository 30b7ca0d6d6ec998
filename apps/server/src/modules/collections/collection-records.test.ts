import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { novemberDay as at, booksTestApp, okBody as ok } from '../../../test/support/books';
import { dashboardBook } from '../../../test/support/dashboard-book';
import { createLoan, insertUndatedPayment } from '../../../test/support/loans';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { catchUpFully, projectionOf } from '../read-model';

const { t, cast, api, ...book } = await booksTestApp();

/** The report's records as they are kept, once the projector folded every ledger row in, in a fixed order. */
const records = async (db: Db = t.db) => {
  await catchUpFully(db, projectionOf('collection-records'));
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select src, group_key::text, day::text, collector_id, loan_id, customer_id, record_id::text, at, status, record_type,
        emi_number, payment_mode, amount::text, instalment::text, charges::text, interest_share::text, collected_at
      from collection_records order by src, group_key, day, collector_id, loan_id`),
  );
};

const reportOf = async (day: string) =>
  ok(
    await api.get(
      cast.admin.headers,
      `/api/loans/agent/collection-report?limit=100&startDate=${day}%2000:00:00&endDate=${day}%2023:59:59`,
    ),
  );

describe('the collections report’s records, kept by triggers and the projector', () => {
  it('equal the records computed afresh from the ledger, payments and bounces', async () => {
    const loan = await book.threeDaysThenEdit(17);
    const small = await book.closedWithCreditLeft('2026-11-20');
    t.clock.set(at(21));
    ok(await api.pay(cast.agentA.headers, loan.id, 1, { payment_mode: 'cash' }));
    await book.refundByUpi(small.id, 40);
    const other = await book.bouncedLoanOfB();
    // A phone's collection that met a conflict, kept as the loan's credit held (with the phone's time).
    await book.holdConflictCash(other.id);
    await insertUndatedPayment(t.db, other.id, {
      collectorId: cast.agentB.user.id,
      amountPaise: 12_000,
      paidAt: new Date('2026-11-15T20:00:00Z'),
      now: at(21),
    });
    // A loan handed to another customer takes its records along.
    await t.db.execute(sql`update loans set customer_id = ${cast.customerB.id} where id = ${loan.id}`);
    const kept = await records();
    expect(new Set(kept.map((row) => row.src))).toEqual(new Set([1, 3, 5, 6]));
    expect(kept.find((row) => row.src === 6)).toMatchObject({ record_type: 'credit_held', amount: '7500' });
    expect(kept.filter((row) => row.loan_id === loan.id).map((row) => row.customer_id)).toContain(
      cast.customerB.id,
    );
    await t.db.execute(sql`select rebuild_collection_records()`);
    expect(await records()).toEqual(kept);
  });

  it('count a payment without ledger rows from its record while its EMI stands, until its ledger rows come', async () => {
    const { loan } = await createLoan(t.db, {
      customer: cast.customerB,
      startDate: '2026-11-10',
      totalEmiDays: 5,
    });
    const [emi] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from emis where loan_id = ${loan.id} and emi_number = 2`),
    );
    const [payment] = rowsOf<{ id: number }>(
      await t.db.execute(sql`
        insert into emi_payments (loan_id, emi_id, emi_number, payment_type, payment_mode, amount, collected_by,
          payment_date, paid_at)
        values (${loan.id}, ${emi?.id}, 2, 'full', 'cash', 7000, ${cast.agentB.user.id}, date '2026-11-11',
          timestamptz '2026-11-11 10:00+05:30')
        returning id`),
    );
    const legacy = (await reportOf('2026-11-11')).results.filter(
      (row: { loan_code: string }) => row.loan_code === loan.loanCode,
    );
    expect(legacy).toEqual([
      expect.objectContaining({ amount: 70, emi_number: 2, business_date: '2026-11-11' }),
    ]);

    await t.db.execute(sql`update emi_payments set emi_id = null where id = ${payment?.id}`);
    expect(
      (await reportOf('2026-11-11')).results.some(
        (row: { loan_code: string }) => row.loan_code === loan.loanCode,
      ),
    ).toBe(false);

    await t.db.execute(sql`update emi_payments set emi_id = ${emi?.id} where id = ${payment?.id}`);
    await t.db.execute(sql`
      insert into loan_ledger (loan_id, kind, cause, emi_number, amount, instalment, penalty, actor_id,
        business_date, payment_mode, payment_id)
      values (${loan.id}, 'collected', 'payment', 2, 7000, 7000, 0, ${cast.agentB.user.id}, date '2026-11-12',
        'upi', ${payment?.id})`);
    const kept = await records();
    // The row stores no interest share: the record takes it in its loan's terms.
    const [terms] = rowsOf<{ share: string }>(
      await t.db.execute(sql`select round(7000::numeric * interest_amount / total_repayable)::text as share
        from loans where id = ${loan.id}`),
    );
    expect(kept.filter((row) => row.loan_id === loan.id)).toEqual([
      expect.objectContaining({
        src: 1,
        day: '2026-11-12',
        payment_mode: 'upi',
        amount: '7000',
        instalment: '7000',
        charges: '0',
        interest_share: terms?.share,
      }),
    ]);
    await t.db.execute(sql`select rebuild_collection_records()`);
    expect(await records()).toEqual(kept);
  });

  it('carry a foreclosure’s record and each record’s instalment money, charges and interest share', async () => {
    const dashboard = await dashboardBook();
    const kept = await records(dashboard.t.db);
    expect(new Set(kept.map((row) => row.src))).toEqual(new Set([1, 2, 5]));
    // Loan P's EMI 3 on Nov 21: ₹140 instalment (one sixth interest) and a ₹2 charge.
    expect(kept).toContainEqual(
      expect.objectContaining({
        src: 1,
        loan_id: dashboard.loanP.id,
        day: '2026-11-21',
        amount: '14200',
        instalment: '14000',
        charges: '200',
        interest_share: '2333',
      }),
    );
    expect(kept).toContainEqual(
      expect.objectContaining({
        src: 2,
        loan_id: dashboard.loanF.id,
        record_type: 'foreclosure',
        amount: '117000',
      }),
    );
    expect(kept.filter((row) => row.src === 5)).toEqual([
      expect.objectContaining({ instalment: null, charges: null, interest_share: null }),
    ]);
    await dashboard.t.db.execute(sql`select rebuild_collection_records()`);
    expect(await records(dashboard.t.db)).toEqual(kept);
  });
});

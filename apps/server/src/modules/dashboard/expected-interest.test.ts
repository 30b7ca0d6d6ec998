import { monthWindowsOf } from '@lending/domain';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dashboardBook } from '../../../test/support/dashboard-book';
import { loanForm, putLoan } from '../../../test/support/loan-api';
import { interestShareSql, rowsOf } from '../../db/sql';
import { monthLoanTotals } from './expected-interest-repository';

/** The dashboard's expected interest of the month starting on `from` (the default filter of its list). */
const expectedInterestIn = async (db: typeof t.db, from: string) =>
  (await monthLoanTotals(db, { monthStart: from, nextStart: monthWindowsOf(from).nextStart, status: 'lent' }))
    .expected;

/** The book of test/support/dashboard-book.ts, "today" 2026-11-21 (IST). */
const { t, cast, api, loanP, loanQ } = await dashboardBook();

/** The definition read straight from the EMIs: each lent loan's month of EMIs, rounded per loan. */
const straight = async (from: string, to: string): Promise<number> => {
  const lent: SQL = sql`l.status in ('approved', 'closed', 'default')`;
  const [row] = rowsOf<{ interest: string }>(
    await t.db.execute(sql`with per_loan as (
      select e.loan_id, sum(e.amount) as scheduled from emis e
      where e.emi_date >= ${from}::date and e.emi_date < ${to}::date and e.status <> 'foreclosed'
      group by e.loan_id)
    select coalesce(sum(${interestShareSql(sql`p.scheduled`, sql`l`)}), 0)::text as interest
    from per_loan p join loans l on l.id = p.loan_id where ${lent}`),
  );
  return Number(row?.interest ?? 0);
};

const MONTHS = [
  ['2026-10-01', '2026-11-01'],
  ['2026-11-01', '2026-12-01'],
  ['2026-12-01', '2027-01-01'],
  ['2027-01-01', '2027-02-01'],
  ['2027-02-01', '2027-03-01'],
] as const;

/**
 * The kept per-status month totals with their shards summed (a change lands in its connection's
 * shard), in a stable order, as text (bigint sums differ in type by engine).
 */
const keptRows = async (source: SQL) =>
  rowsOf<Record<string, string>>(
    await t.db.execute(sql`select month::text, loan_status, sum(loans)::text as loans, sum(emis)::text as emis,
      sum(scheduled)::text as scheduled, sum(expected)::text as expected, sum(principal)::text as principal,
      sum(interest)::text as interest from ${source} s group by month, loan_status
      having sum(loans) <> 0 or sum(emis) <> 0 or sum(scheduled) <> 0 or sum(expected) <> 0
        or sum(principal) <> 0 or sum(interest) <> 0
      order by month, loan_status`),
  );

const expectSameEveryMonth = async () => {
  for (const [from, to] of MONTHS) {
    expect(await expectedInterestIn(t.db, from), from).toBe(await straight(from, to));
  }
  // The table the figure reads, kept by triggers, equals its recomputation from the month rows.
  expect(await keptRows(sql`interest_month_totals`)).toEqual(
    await keptRows(sql`interest_month_totals_from_rows()`),
  );
};

describe('the interest a month of the schedule expects, from the month totals', () => {
  it('equals the sum read from the EMIs in every month of the book', async () => {
    expect(await expectedInterestIn(t.db, '2026-11-01')).toBe(83_000);
    await expectSameEveryMonth();
  });

  it('stays equal after a rewrite of the schedule, a payment, a bounce and a deleted loan', async () => {
    const rewritten = await putLoan(
      t,
      cast.admin.headers,
      loanP.id,
      loanForm(cast.customerA.id, { per_day_emi: '125', start_date: '2026-10-30' }),
    );
    expect(rewritten.statusCode, rewritten.body).toBe(200);
    await expectSameEveryMonth();
    const paid = await api.pay(cast.admin.headers, loanQ.id, 2, {});
    expect(paid.statusCode, paid.body).toBe(200);
    await t.db.execute(
      sql`update emis set emi_date = emi_date + 40 where loan_id = ${loanQ.id} and emi_number > 90`,
    );
    await expectSameEveryMonth();
    await t.db.execute(sql`delete from emis where loan_id = ${loanQ.id} and emi_number > 95`);
    await expectSameEveryMonth();
    // A loan's status and terms move its months between statuses and rates.
    await t.db.execute(sql`update loans set status = 'default' where id = ${loanQ.id}`);
    await expectSameEveryMonth();
    await t.db.execute(
      sql`update loans set interest_amount = interest_amount + 333, total_repayable = total_repayable + 333 where id = ${loanP.id}`,
    );
    await expectSameEveryMonth();
    await t.db.execute(sql`update loans set status = 'approved' where id = ${loanQ.id}`);
    await expectSameEveryMonth();
    expect(await expectedInterestIn(t.db, '2026-12-01')).toBeGreaterThan(0);
  });

  it('is rebuilt equal from the rows', async () => {
    await t.db.execute(sql`delete from emi_month_loan_totals`);
    expect(await expectedInterestIn(t.db, '2026-11-01')).toBe(0);
    await t.db.execute(sql`select rebuild_day_totals()`);
    await expectSameEveryMonth();
  });
});

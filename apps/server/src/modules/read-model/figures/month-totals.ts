import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/sql';
import { compareKept } from '../compare-repository';
import { defineFigure } from '../figure';

/** Each loan's scheduled EMI money per month: what the month's expected interest is built from. */
export const emiMonthTotals = defineFigure({
  name: 'emi-month-totals',
  meaning: "Each loan's EMIs (not foreclosed) and their scheduled money per calendar month.",
  tables: ['emi_month_loan_totals'],
  keeping: 'triggers',
  why: "The Interest panel's month figures and the Expected interest list read a month of loans, not a month of EMIs.",
  ledgerKinds: 'none',
  rebuild: 'rebuild_emi_month_totals()',
  checks: [
    async (db, limit) =>
      rowsOf<{ month: string; loan_code: string }>(
        await db.execute(sql`
          with recomputed as (
            select date_trunc('month', e.emi_date)::date as month, e.loan_id, sum(e.amount) as scheduled, count(*) as emis
            from emis e where e.status <> 'foreclosed' group by 1, 2)
          select to_char(coalesce(r.month, t.month), 'YYYY-MM') as month, l.loan_code
          from recomputed r full join emi_month_loan_totals t on t.month = r.month and t.loan_id = r.loan_id
          join loans l on l.id = coalesce(r.loan_id, t.loan_id)
          where coalesce(r.scheduled, 0) <> coalesce(t.scheduled, 0) or coalesce(r.emis, 0) <> coalesce(t.emis, 0)
          order by 1, l.id limit ${limit}`),
      ).map((row) => `scheduled EMIs of ${row.loan_code} in ${row.month}`),
  ],
  readBy: ['GET /api/stats/interest-metrics/emis'],
});

/** The month's expected-interest figures per month and loan status, whatever shards they lie in. */
const shardsSummed = (rows: SQL) => sql`
  select month, loan_status, sum(loans) as loans, sum(emis) as emis, sum(scheduled) as scheduled,
    sum(expected) as expected, sum(principal) as principal, sum(interest) as interest
  from ${rows} s group by 1, 2`;

/** The Interest panel's month figures per loan status. */
export const interestMonthTotals = defineFigure({
  name: 'interest-month-totals',
  meaning:
    "Per month and loan status: the loans and EMIs scheduled, their money, the interest expected of them (each loan's month money × its interest ÷ total repayable) and the principal and interest of those loans.",
  tables: ['interest_month_totals'],
  keeping: 'triggers',
  why: "Recomputing a month's expected interest reads every loan with EMIs in it (1.09 s at 100,000 loans).",
  ledgerKinds: 'none',
  rebuild: 'rebuild_interest_month_totals()',
  checks: [
    compareKept({
      key: ['month', 'loan_status'],
      sums: ['loans', 'emis', 'scheduled', 'expected', 'principal', 'interest'],
      definition: shardsSummed(sql`interest_month_totals_from_rows()`),
      kept: shardsSummed(sql`interest_month_totals`),
      label: (row) => `expected interest of ${row.loan_status} loans in ${row.month?.slice(0, 7)}`,
    }),
  ],
  readBy: ['GET /api/stats/interest-metrics', 'GET /api/stats/interest-metrics/emis'],
});

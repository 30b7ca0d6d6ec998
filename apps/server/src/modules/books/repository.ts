import type { Emi, LedgerEntry, LoanStatus } from '@lending/domain';
import { and, asc, gt, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emis, loanLedger, loans } from '../../db/schema';
import { openEmiSql, rowsOf } from '../../db/sql';
import { toDomainEmi, toLedgerEntry } from '../loans';

/** A loan as the books check needs it; `emiCount` (its tenure) sizes the batches. */
export type BooksLoan = { id: number; loanCode: string; status: LoanStatus; emiCount: number };

/** The next `limit` loans after `afterId`, by id: keyset pagination, so every page is an index range. */
export const loansAfter = async (db: Executor, afterId: number, limit: number): Promise<BooksLoan[]> => {
  const rows = await db
    .select({ id: loans.id, loanCode: loans.loanCode, status: loans.status, emiCount: loans.totalEmiDays })
    .from(loans)
    .where(gt(loans.id, afterId))
    .orderBy(asc(loans.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, status: row.status as LoanStatus }));
};

/** The EMIs of the loans with ids in [firstId, lastId], as the lending rules read them, in one query. */
export const emisOfLoans = async (
  db: Executor,
  firstId: number,
  lastId: number,
): Promise<{ loanId: number; emi: Emi }[]> => {
  const rows = await db
    .select()
    .from(emis)
    .where(and(gte(emis.loanId, firstId), lte(emis.loanId, lastId)))
    .orderBy(asc(emis.loanId), asc(emis.emiNumber));
  return rows.map((row) => ({ loanId: row.loanId, emi: toDomainEmi(row) }));
};

/**
 * The ledger rows of the loans with ids in [firstId, lastId], oldest first per loan, in one query;
 * read through the same mapping as the EMI services, so every field the rules see is checked.
 */
export const ledgerOfLoans = async (
  db: Executor,
  firstId: number,
  lastId: number,
): Promise<{ loanId: number; entry: LedgerEntry }[]> => {
  const rows = await db
    .select()
    .from(loanLedger)
    .where(and(gte(loanLedger.loanId, firstId), lte(loanLedger.loanId, lastId)))
    .orderBy(asc(loanLedger.loanId), asc(loanLedger.id));
  return rows.map((row) => ({ loanId: row.loanId, entry: toLedgerEntry(row) }));
};

/**
 * What triggers keep and differs from the rows it is computed from: the dashboard's day totals (the
 * ledger's per business day and kind; the approved loans' EMIs per EMI date; shards summed, as a
 * change lands in the shard of the connection that made it) and
 * each loan's scheduled EMI money per month, each collector's cash per day, and each loan's oldest
 * open EMI date, each customer's credit event counts and the loans per status. At most `limit` of each, as 'ledger 2026-11-20 collected', 'emis 2026-11-20',
 * 'scheduled EMIs of LN000012 in 2026-11', 'cash 2026-11-20 of collector 7' or 'oldest open EMI date
 * of LN000012'.
 */
/** The month's expected-interest figures per month and loan status, whatever shards they lie in. */
const shardsSummed = (rows: SQL) => sql`
  select month, loan_status, sum(loans) as loans, sum(emis) as emis, sum(scheduled) as scheduled,
    sum(expected) as expected, sum(principal) as principal, sum(interest) as interest
  from ${rows} s group by 1, 2`;

export const dayTotalsMismatches = async (db: Executor, limit = 20): Promise<string[]> => {
  const ledger = rowsOf<{ day: string; kind: string }>(
    await db.execute(sql`
      with recomputed as (
        select coalesce(g.business_date, ((g.created_at at time zone 'UTC') + interval '330 minutes')::date) as business_date,
          g.kind, sum(g.amount) as amount, sum(g.instalment) as instalment,
          sum(g.penalty) as penalty, count(*) as row_count
        from loan_ledger g group by 1, 2),
      kept as (
        select business_date, kind, sum(amount) as amount, sum(instalment) as instalment, sum(penalty) as penalty,
          sum(row_count) as row_count
        from ledger_day_totals group by 1, 2)
      select coalesce(r.business_date, t.business_date)::text as day, coalesce(r.kind, t.kind) as kind
      from recomputed r full join kept t on t.business_date = r.business_date and t.kind = r.kind
      where coalesce(r.amount, 0) <> coalesce(t.amount, 0) or coalesce(r.instalment, 0) <> coalesce(t.instalment, 0)
        or coalesce(r.penalty, 0) <> coalesce(t.penalty, 0) or coalesce(r.row_count, 0) <> coalesce(t.row_count, 0)
      order by 1, 2 limit ${limit}`),
  );
  const open = openEmiSql(sql`e`);
  const emiDays = rowsOf<{ day: string }>(
    await db.execute(sql`
      with recomputed as (
        select e.emi_date, count(*) filter (where ${open}) as open_count,
          coalesce(sum(e.amount + e.late_charge) filter (where ${open}), 0) as open_amount,
          count(*) filter (where e.status <> 'foreclosed') as due_count
        from emis e join loans l on l.id = e.loan_id and l.status = 'approved' group by 1),
      kept as (
        select emi_date, sum(open_count) as open_count, sum(open_amount) as open_amount, sum(due_count) as due_count
        from emi_day_totals group by 1)
      select distinct coalesce(r.emi_date, t.emi_date)::text as day
      from recomputed r full join kept t on t.emi_date = r.emi_date
      where coalesce(r.open_count, 0) <> coalesce(t.open_count, 0) or coalesce(r.open_amount, 0) <> coalesce(t.open_amount, 0)
        or coalesce(r.due_count, 0) <> coalesce(t.due_count, 0)
      order by 1 limit ${limit}`),
  );
  const loansDiffering = rowsOf<{ loan_code: string }>(
    await db.execute(sql`
      select l.loan_code from loans l
      where l.oldest_open_emi_date is distinct from (
        select min(e.emi_date) from emis e where e.loan_id = l.id and ${open})
      order by l.id limit ${limit}`),
  );
  const months = rowsOf<{ month: string; loan_code: string }>(
    await db.execute(sql`
      with recomputed as (
        select date_trunc('month', e.emi_date)::date as month, e.loan_id, sum(e.amount) as scheduled, count(*) as emis
        from emis e where e.status <> 'foreclosed' group by 1, 2)
      select to_char(coalesce(r.month, t.month), 'YYYY-MM') as month, l.loan_code
      from recomputed r full join emi_month_loan_totals t on t.month = r.month and t.loan_id = r.loan_id
      join loans l on l.id = coalesce(r.loan_id, t.loan_id)
      where coalesce(r.scheduled, 0) <> coalesce(t.scheduled, 0) or coalesce(r.emis, 0) <> coalesce(t.emis, 0)
      order by 1, l.id limit ${limit}`),
  );
  // The cash custody's per-collector totals (docs/cash.md), recomputed from the same cash rows.
  const cashDays = rowsOf<{ day: string; collector: number }>(
    await db.execute(sql`
      with recomputed as (
        select g.actor_id as collector_id,
          coalesce(g.business_date, ((g.created_at at time zone 'UTC') + interval '330 minutes')::date) as business_date,
          g.payment_mode, g.kind, sum(g.amount) as amount, count(*) as row_count
        from loan_ledger g
        where g.kind in ('collected', 'refund') and g.actor_id is not null and g.payment_mode is not null
          and g.payment_mode <> 'credit'
        group by 1, 2, 3, 4)
      select distinct coalesce(r.business_date, t.business_date)::text as day,
        coalesce(r.collector_id, t.collector_id) as collector
      from recomputed r full join cash_day_totals t on t.collector_id = r.collector_id
        and t.business_date = r.business_date and t.payment_mode = r.payment_mode and t.kind = r.kind
      where coalesce(r.amount, 0) <> coalesce(t.amount, 0) or coalesce(r.row_count, 0) <> coalesce(t.row_count, 0)
      order by 1, 2 limit ${limit}`),
  );
  // The Credit Report's per-customer counts and the loan list's per-status totals (docs/dashboard.md).
  const credit = rowsOf<{ customer_id: number }>(
    await db.execute(sql`
      with recomputed as (select customer_id, event_type, count(*) as events from credit_events group by 1, 2)
      select distinct coalesce(r.customer_id, t.customer_id) as customer_id
      from recomputed r full join credit_event_counts t on t.customer_id = r.customer_id and t.event_type = r.event_type
      where coalesce(r.events, 0) <> coalesce(t.events, 0)
      order by 1 limit ${limit}`),
  );
  const statuses = rowsOf<{ status: string }>(
    await db.execute(sql`
      with recomputed as (select status, count(*) as loans, sum(loan_amount) as amount from loans group by 1),
        kept as (select status, sum(loans) as loans, sum(amount) as amount from loan_status_totals group by 1)
      select coalesce(r.status, t.status) as status
      from recomputed r full join kept t on t.status = r.status
      where coalesce(r.loans, 0) <> coalesce(t.loans, 0) or coalesce(r.amount, 0) <> coalesce(t.amount, 0)
      order by 1 limit ${limit}`),
  );
  // The collections report's records (docs/dashboard.md), against the same records computed afresh.
  const records = rowsOf<{ day: string; collector: number }>(
    await db.execute(sql`
      select distinct coalesce(r.day, t.day)::text as day, coalesce(r.collector_id, t.collector_id) as collector
      from collection_records_from_rows() r full join collection_records t on t.src = r.src
        and t.group_key = r.group_key and t.day = r.day and t.collector_id = r.collector_id and t.loan_id = r.loan_id
      where r.src is null or t.src is null or (r.customer_id, r.record_id, r.at, r.status, r.record_type,
        r.emi_number, r.payment_mode, r.amount, r.instalment, r.charges, r.interest_share, r.collected_at)
        is distinct from (t.customer_id, t.record_id, t.at, t.status, t.record_type, t.emi_number,
        t.payment_mode, t.amount, t.instalment, t.charges, t.interest_share, t.collected_at)
      order by 1, 2 limit ${limit}`),
  );
  // The month's expected interest per loan status (docs/dashboard.md), recomputed from each loan's
  // month money (checked against the EMIs above) and its present terms.
  const interestMonths = rowsOf<{ month: string; loan_status: string }>(
    await db.execute(sql`
      with recomputed as (${shardsSummed(sql`interest_month_totals_from_rows()`)}),
        kept as (${shardsSummed(sql`interest_month_totals`)})
      select distinct to_char(coalesce(r.month, t.month), 'YYYY-MM') as month, coalesce(r.loan_status, t.loan_status) as loan_status
      from recomputed r full join kept t on t.month = r.month and t.loan_status = r.loan_status
      where (coalesce(r.loans, 0), coalesce(r.emis, 0), coalesce(r.scheduled, 0), coalesce(r.expected, 0),
        coalesce(r.principal, 0), coalesce(r.interest, 0)) <> (coalesce(t.loans, 0), coalesce(t.emis, 0),
        coalesce(t.scheduled, 0), coalesce(t.expected, 0), coalesce(t.principal, 0), coalesce(t.interest, 0))
      order by 1, 2 limit ${limit}`),
  );
  return [
    ...interestMonths.map((row) => `expected interest of ${row.loan_status} loans in ${row.month}`),
    ...records.map((row) => `collection records ${row.day} of collector ${row.collector}`),
    ...credit.map((row) => `credit event counts of customer ${row.customer_id}`),
    ...statuses.map((row) => `loan totals of status ${row.status}`),
    ...ledger.map((row) => `ledger ${row.day} ${row.kind}`),
    ...months.map((row) => `scheduled EMIs of ${row.loan_code} in ${row.month}`),
    ...cashDays.map((row) => `cash ${row.day} of collector ${row.collector}`),
    ...emiDays.map((row) => `emis ${row.day}`),
    ...loansDiffering.map((row) => `oldest open EMI date of ${row.loan_code}`),
  ];
};

import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/sql';

/**
 * The lists' kept counts (migration 0042_list_counts) against a recomputation from their rows: users
 * per role, approved loans per date of their oldest open EMI, and the collections report's records
 * per day, collector, source, status and type. At most `limit` of each, as 'user count of role 3',
 * 'overdue loans of 2026-11-20', 'collection totals 2026-11-20 of collector 7'. Kept rows whose rows
 * all went away hold zeros and match nothing, as a missing row does.
 */
export const listCountsMismatches = async (db: Executor, limit = 20): Promise<string[]> => {
  const roles = rowsOf<{ role_id: number }>(
    await db.execute(sql`
      with recomputed as (select role_id, count(*) as users from users group by 1)
      select coalesce(r.role_id, t.role_id) as role_id
      from recomputed r full join user_role_counts t on t.role_id = r.role_id
      where coalesce(r.users, 0) <> coalesce(t.users, 0)
      order by 1 limit ${limit}`),
  );
  const overdue = rowsOf<{ day: string }>(
    await db.execute(sql`
      with recomputed as (
        select oldest_open_emi_date, count(*) as loans from loans
        where status = 'approved' and oldest_open_emi_date is not null group by 1),
      -- A change lands in the shard of the connection that made it: the shards are summed.
      kept as (select oldest_open_emi_date, sum(loans) as loans from overdue_loan_days group by 1)
      select distinct coalesce(r.oldest_open_emi_date, t.oldest_open_emi_date)::text as day
      from recomputed r full join kept t on t.oldest_open_emi_date = r.oldest_open_emi_date
      where coalesce(r.loans, 0) <> coalesce(t.loans, 0)
      order by 1 limit ${limit}`),
  );
  const collections = rowsOf<{ day: string; collector: number }>(
    await db.execute(sql`
      with recomputed as (
        select day, collector_id, src, status, record_type, count(*) as records, sum(amount) as amount,
          coalesce(sum(instalment), 0) as instalment, coalesce(sum(charges), 0) as charges,
          coalesce(sum(interest_share), 0) as interest_share
        from collection_records group by 1, 2, 3, 4, 5)
      select distinct coalesce(r.day, t.day)::text as day, coalesce(r.collector_id, t.collector_id) as collector
      from recomputed r full join collection_day_totals t on t.day = r.day and t.collector_id = r.collector_id
        and t.src = r.src and t.status = r.status and t.record_type = r.record_type
      where (coalesce(r.records, 0), coalesce(r.amount, 0), coalesce(r.instalment, 0), coalesce(r.charges, 0),
          coalesce(r.interest_share, 0))
        is distinct from (coalesce(t.records, 0), coalesce(t.amount, 0), coalesce(t.instalment, 0),
          coalesce(t.charges, 0), coalesce(t.interest_share, 0))
      order by 1, 2 limit ${limit}`),
  );
  return [
    ...roles.map((row) => `user count of role ${row.role_id}`),
    ...overdue.map((row) => `overdue loans of ${row.day}`),
    ...collections.map((row) => `collection totals ${row.day} of collector ${row.collector}`),
  ];
};

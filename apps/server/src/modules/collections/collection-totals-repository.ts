import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/sql';
import type { CollectionFilter, CollectionTotals, RawRow } from './collection-repository';
import { needsPeople, recordRange, summedCollectionTotals, totalsOf } from './collection-repository';

/**
 * The grand totals from collection_day_totals (records summed per day, collector, source, status and
 * record type by a trigger, migration 0042_list_counts): the report's days are a few rows per collector.
 * The distinct customers cannot be summed from days, so they are counted from the records' day and
 * customer index alone. A kept row whose records all went away holds zeros and names no collector.
 */
const keptCollectionTotals = async (db: Executor, filter: CollectionFilter): Promise<CollectionTotals> => {
  const range = recordRange(filter);
  const result = await db.execute(sql`
    select coalesce(sum(records), 0)::text as count,
      coalesce(sum(amount) filter (where status = 'paid'), 0)::text as paid_amount,
      coalesce(sum(amount) filter (where status = 'bounced'), 0)::text as bounced_amount,
      coalesce(sum(records) filter (where status = 'bounced'), 0)::text as bounced_count,
      count(distinct collector_id) filter (where records <> 0)::text as agents,
      (select count(*) from (select distinct r.customer_id from collection_records r where ${range}) c)::text
        as customers,
      coalesce(sum(instalment), 0)::text as instalment, coalesce(sum(charges), 0)::text as charges,
      coalesce(sum(interest_share), 0)::text as interest_share
    from collection_day_totals r where ${range}`);
  return totalsOf(rowsOf<RawRow>(result)[0]);
};

/**
 * Totals over every record the filters match: from the kept day totals when no person's column filters
 * the records, else summed over the records.
 */
export const collectionTotals = (db: Executor, filter: CollectionFilter): Promise<CollectionTotals> =>
  needsPeople(filter) ? summedCollectionTotals(db, filter) : keptCollectionTotals(db, filter);

/** The daily summary's sums per day and collector from collection_day_totals, as `days` (see the daily repository). */
export const keptDays = (filter: CollectionFilter) => sql`
  days as (
    select day, collector_id,
      coalesce(sum(amount) filter (where status = 'paid'), 0) as collected,
      coalesce(sum(amount) filter (where status = 'bounced'), 0) as bounced,
      coalesce(sum(records) filter (where status = 'paid' and record_type not in ('refund', 'credit_held')), 0)
        as collected_count,
      coalesce(sum(records) filter (where status = 'bounced'), 0) as bounced_count
    from collection_day_totals r
    where ${recordRange(filter)}
    group by day, collector_id
    having sum(records) <> 0
  )`;

import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/sql';
import {
  type CollectionFilter,
  collectionNeedsPeople,
  keptCollectionDays,
  totalledCollectionRecords,
} from '../read-model';
import type { RawRow } from './collection-repository';

export type DailyCollectionRow = {
  day: string;
  collectorId: number;
  collectorName: string;
  collectorMobile: string | null;
  collected: number;
  bounced: number;
  collectedCount: number;
  bouncedCount: number;
};

const num = (value: unknown) => Number(value ?? 0);
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** Per Asia/Kolkata day and collector: what was collected and bounced; newest day first. */
export const dailyCollections = async (
  db: Executor,
  filter: CollectionFilter,
): Promise<DailyCollectionRow[]> => {
  // Without a person's column in the filter, the sums come from the kept day totals; else from the
  // records. Only each collector's name and mobile are looked up.
  const days = collectionNeedsPeople(filter)
    ? sql`${totalledCollectionRecords(filter)}, days as (
      select day, collector_id,
        coalesce(sum(amount) filter (where status = 'paid'), 0) as collected,
        coalesce(sum(amount) filter (where status = 'bounced'), 0) as bounced,
        count(*) filter (where status = 'paid' and record_type not in ('refund', 'credit_held')) as collected_count,
        count(*) filter (where status = 'bounced') as bounced_count
      from filtered
      group by day, collector_id
    )`
    : sql`with ${keptCollectionDays(filter)}`;
  const result = await db.execute(sql`${days}
    select d.day::text as day, d.collector_id, u.name as collector_name, u.mobile as collector_mobile,
      d.collected::text as collected, d.bounced::text as bounced, d.collected_count::text as collected_count,
      d.bounced_count::text as bounced_count
    from days d join users u on u.id = d.collector_id
    order by d.day desc, u.name asc, d.collector_id asc`);
  return rowsOf<RawRow>(result).map((row) => ({
    day: String(row.day),
    collectorId: num(row.collector_id),
    collectorName: String(row.collector_name),
    collectorMobile: text(row.collector_mobile),
    collected: num(row.collected),
    bounced: num(row.bounced),
    collectedCount: num(row.collected_count),
    bouncedCount: num(row.bounced_count),
  }));
};

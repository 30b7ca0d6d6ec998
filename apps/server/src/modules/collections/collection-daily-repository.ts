import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { type CollectionFilter, filteredRecords, type RawRow } from './collection-repository';

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
  const result = await db.execute(sql`${filteredRecords(filter)}
    select day::text as day, collector_id, min(collector_name) as collector_name,
      min(collector_mobile) as collector_mobile,
      coalesce(sum(amount) filter (where status = 'paid'), 0)::text as collected,
      coalesce(sum(amount) filter (where status = 'bounced'), 0)::text as bounced,
      count(*) filter (where status = 'paid' and record_type not in ('refund', 'credit_held'))::text as collected_count,
      count(*) filter (where status = 'bounced')::text as bounced_count
    from filtered
    group by filtered.day, collector_id
    order by filtered.day desc, 3 asc, collector_id asc`);
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

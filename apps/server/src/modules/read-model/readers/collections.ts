import type { IsoDate, TCollectionKind } from '@lending/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { containsPattern, rowsOf } from '../../../db/sql';

/**
 * The readers of the collections report's figures (figures/collections.ts): its records
 * (`collection-records`, folded in by the projector; the caller settles it first) as the report's
 * queries start from them, and their day totals (`collection-day-totals`). The report's columns,
 * order and pages are the collections module's.
 */

type RawRow = Record<string, string | number | bigint | null>;
const num = (value: unknown) => Number(value ?? 0);

/**
 * The collections report's filters. `fromDay`/`toDay` are IST business days, both included;
 * `collectorId` the collector asked for; `agentId` limits rows to one agent's own collections on their
 * own customers (set for an agent caller, whatever they asked).
 */
export type CollectionFilter = {
  fromDay?: IsoDate;
  toDay?: IsoDate;
  collectorId?: number;
  agentId?: number;
  search?: string;
  /** Every record (the default), the ledger's cash rows only, or its money in only. */
  kind?: TCollectionKind;
};

/**
 * The report's grand totals: records, money paid and bounced, collectors, customers, and the records'
 * instalment money, charges and interest share (paise).
 */
export type CollectionTotals = {
  count: number;
  paidAmount: number;
  bouncedAmount: number;
  bouncedCount: number;
  agents: number;
  customers: number;
  instalment: number;
  charges: number;
  interestShare: number;
};

/**
 * `column` (a date) within the days asked for. One day is an equality, so an index on (day, x) reads
 * its rows in x order (the distinct customers are then counted without hashing).
 */
const dayRange = (column: SQL, filter: CollectionFilter): SQL => {
  if (filter.fromDay && filter.fromDay === filter.toDay) return sql`${column} = ${filter.fromDay}::date`;
  const conditions: SQL[] = [sql`true`];
  if (filter.fromDay) conditions.push(sql`${column} >= ${filter.fromDay}::date`);
  if (filter.toDay) conditions.push(sql`${column} <= ${filter.toDay}::date`);
  return sql.join(conditions, sql` and `);
};

/**
 * The record sources (collection_records.src) each kind lists: ledger payments (1), foreclosures (2),
 * refunds (3), collections held as credit (6).
 */
const SOURCES_OF: Record<TCollectionKind, readonly number[] | null> = {
  all: null,
  cash: [1, 2, 3, 6],
  collected: [1, 2, 6],
};

/**
 * The records of the days, collector and kind asked for: conditions on collection_records r alone, so
 * the order and collector indexes serve them. An agent's own collections are theirs as collector (their
 * customers are checked on the people, see filteredCollectionRecords).
 */
export const recordRange = (filter: CollectionFilter): SQL => {
  const conditions: SQL[] = [dayRange(sql`r.day`, filter)];
  if (filter.collectorId !== undefined) conditions.push(sql`r.collector_id = ${filter.collectorId}`);
  if (filter.agentId !== undefined) conditions.push(sql`r.collector_id = ${filter.agentId}`);
  const sources = SOURCES_OF[filter.kind ?? 'all'];
  if (sources) conditions.push(sql`r.src in (${sql.raw(sources.join(', '))})`);
  return sql.join(conditions, sql` and `);
};

/** Whether a filter needs the people of each record (a search, or an agent's own customers). */
export const collectionNeedsPeople = (filter: CollectionFilter) =>
  containsPattern(filter.search) !== undefined || filter.agentId !== undefined;

/**
 * Every collection, refund and bounce, with its loan, customer and collector, filtered. The records are
 * the rows of collection_records (migration 0034_collection_records), kept by triggers with the report's
 * rules: collections are the ledger's cash rows, each on its own business day, by its collector, with
 * its mode; one record per payment (its rows name the payment), one per foreclosure (its rows name its
 * audit row; no EMI number), one per refund (negative: cash paid out, so a day's total is its net
 * cash) and one per collection held as credit (a phone's collection that met a conflict, its phone
 * time from its audit row), each with its rows' instalment money, charges and interest share. Cash is never reversed, so a
 * later edit, reset, waiver or foreclosure never changes a past day; credit applied moves no cash and is
 * not here. Payments recorded before the ledger named them count from their payment record while their
 * EMI stands. Bounces are read from their records, on their own business day. An agent reads only their
 * own collections on their customers (as they are now).
 */
export const filteredCollectionRecords = (filter: CollectionFilter): SQL => {
  const pattern = containsPattern(filter.search);
  const conditions: SQL[] = [recordRange(filter)];
  if (filter.agentId !== undefined) conditions.push(sql`customer.agent_id = ${filter.agentId}`);
  if (pattern)
    conditions.push(sql`(customer.name ilike ${pattern} or customer.mobile ilike ${pattern}
      or l.loan_code ilike ${pattern} or collector.name ilike ${pattern})`);
  return sql`
    with filtered as (
      select r.status, r.record_type, r.src, r.record_id, r.at, r.day, r.collector_id, r.loan_id,
        r.emi_number, r.payment_mode, r.amount, r.instalment, r.charges, r.interest_share, r.collected_at,
        l.loan_code, l.loan_number, customer.id as customer_id, customer.name as customer_name,
        customer.mobile as customer_mobile, collector.name as collector_name,
        collector.mobile as collector_mobile
      from collection_records r
      join loans l on l.id = r.loan_id
      join users customer on customer.id = r.customer_id
      join users collector on collector.id = r.collector_id
      where ${sql.join(conditions, sql` and `)}
    )`;
};

/**
 * The records sums read: without a search or an agent's scope no person's columns filter them, so the
 * records alone serve (each carries its loan's customer; every record names an existing loan and
 * collector).
 */
export const totalledCollectionRecords = (filter: CollectionFilter): SQL =>
  collectionNeedsPeople(filter)
    ? filteredCollectionRecords(filter)
    : sql`
    with filtered as (
      select r.status, r.record_type, r.day, r.collector_id, r.customer_id, r.amount, r.instalment,
        r.charges, r.interest_share
      from collection_records r
      where ${recordRange(filter)}
    )`;

/** A totals row (count, paid_amount, ... as text) as CollectionTotals. */
export const collectionTotalsOf = (row: RawRow | undefined): CollectionTotals => ({
  count: num(row?.count),
  paidAmount: num(row?.paid_amount),
  bouncedAmount: num(row?.bounced_amount),
  bouncedCount: num(row?.bounced_count),
  agents: num(row?.agents),
  customers: num(row?.customers),
  instalment: num(row?.instalment),
  charges: num(row?.charges),
  interestShare: num(row?.interest_share),
});

/**
 * The grand totals from collection_day_totals (records summed per day, collector, source, status and
 * record type by a trigger, migration 0042_list_counts): the report's days are a few rows per collector.
 * The distinct customers cannot be summed from days, so they are counted from the records' day and
 * customer index alone. A kept row whose records all went away holds zeros and names no collector.
 */
export const keptCollectionTotals = async (
  db: Executor,
  filter: CollectionFilter,
): Promise<CollectionTotals> => {
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
  return collectionTotalsOf(rowsOf<RawRow>(result)[0]);
};

/**
 * The daily summary's sums per day and collector from collection_day_totals, as the `days` of a WITH
 * (collections' daily repository looks up each collector).
 */
export const keptCollectionDays = (filter: CollectionFilter) => sql`
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

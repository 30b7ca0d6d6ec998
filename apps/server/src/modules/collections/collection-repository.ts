import type { IsoDate, TCollectionKind } from '@lending/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type Keyset, keysetOrderSql } from '../../db/keyset';
import { containsPattern, rowsOf } from '../../db/sql';

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
 * One payment, foreclosure, refund, cash held as credit or bounce with its people. Money in paise (a refund is cash paid
 * out, so negative); `at` the moment recorded (ISO-8601 UTC); `day` its IST business day.
 */
export type CollectionRow = {
  status: 'paid' | 'bounced';
  recordType: 'emi' | 'foreclosure' | 'refund' | 'credit_held';
  at: string;
  day: string;
  collectorId: number;
  collectorName: string;
  collectorMobile: string | null;
  customerId: number;
  customerName: string;
  customerMobile: string | null;
  loanCode: string;
  loanNumber: number;
  emiNumber: number | null;
  paymentMode: string | null;
  amount: number;
  /** A ledger record's instalment money (a refund's negative), charges and interest share; else null. */
  instalment: number | null;
  charges: number | null;
  interestShare: number | null;
  /** The phone's collection time of a payment synced from offline (ISO), else null. */
  collectedAt: string | null;
};

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
 * customers are checked on the people, see filteredRecords).
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
export const needsPeople = (filter: CollectionFilter) =>
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
export const filteredRecords = (filter: CollectionFilter): SQL => {
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
export const totalledRecords = (filter: CollectionFilter): SQL =>
  needsPeople(filter)
    ? filteredRecords(filter)
    : sql`
    with filtered as (
      select r.status, r.record_type, r.day, r.collector_id, r.customer_id, r.amount, r.instalment,
        r.charges, r.interest_share
      from collection_records r
      where ${recordRange(filter)}
    )`;

/** An instant as ISO-8601 UTC text, the same on both drivers. */
const isoOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export type RawRow = Record<string, string | number | bigint | null>;

/** What a record reads as (toCollectionRow's input). */
export const COLLECTION_COLUMNS = sql`status, record_type, ${isoOf(sql`at`)} as at, day::text as day, collector_id,
  collector_name, collector_mobile, customer_id, customer_name, customer_mobile, loan_code, loan_number,
  emi_number, payment_mode, amount::text as amount, instalment::text as instalment, charges::text as charges,
  interest_share::text as interest_share,
  case when collected_at is null then null else ${isoOf(sql`collected_at`)} end as collected_at`;

/**
 * Newest business day first; within a day, newest moment first. src (which kind of record) and
 * record_id make the order total, so export batches can continue after a row without gaps or repeats.
 */
export const COLLECTION_KEYSET: Keyset = {
  columns: [sql`filtered.day`, sql`filtered.at`, sql`status`, sql`src`, sql`record_id`],
  direction: 'desc',
};

/** The report's order (COLLECTION_KEYSET) as SQL. */
export const COLLECTION_ORDER = keysetOrderSql(COLLECTION_KEYSET);

const num = (value: unknown) => Number(value ?? 0);
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** One page of records, newest first. */
export const listCollections = async (
  db: Executor,
  filter: CollectionFilter,
  page: { limit: number; offset: number },
): Promise<CollectionRow[]> => {
  const result = await db.execute(sql`${filteredRecords(filter)}
    select ${COLLECTION_COLUMNS}
    from filtered
    order by ${COLLECTION_ORDER}
    limit ${page.limit} offset ${page.offset}`);
  return rowsOf<RawRow>(result).map(toCollectionRow);
};

const RECORD_TYPES = ['emi', 'foreclosure', 'refund', 'credit_held'] as const;

/** A raw record (COLLECTION_COLUMNS) as a CollectionRow. */
export const toCollectionRow = (row: RawRow): CollectionRow => ({
  status: row.status === 'bounced' ? 'bounced' : 'paid',
  recordType: RECORD_TYPES.find((type) => type === row.record_type) ?? 'emi',
  at: String(row.at),
  day: String(row.day),
  collectorId: num(row.collector_id),
  collectorName: String(row.collector_name),
  collectorMobile: text(row.collector_mobile),
  customerId: num(row.customer_id),
  customerName: String(row.customer_name),
  customerMobile: text(row.customer_mobile),
  loanCode: String(row.loan_code),
  loanNumber: num(row.loan_number),
  emiNumber: row.emi_number === null ? null : num(row.emi_number),
  paymentMode: text(row.payment_mode),
  amount: num(row.amount),
  instalment: row.instalment === null ? null : num(row.instalment),
  charges: row.charges === null ? null : num(row.charges),
  interestShare: row.interest_share === null ? null : num(row.interest_share),
  collectedAt: text(row.collected_at),
});

/** A totals row (count, paid_amount, ... as text) as CollectionTotals. */
export const totalsOf = (row: RawRow | undefined): CollectionTotals => ({
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

/** Totals over every record the filters match, summed over the records (collectionTotals chooses). */
export const summedCollectionTotals = async (
  db: Executor,
  filter: CollectionFilter,
): Promise<CollectionTotals> => {
  const result = await db.execute(sql`${totalledRecords(filter)}
    select count(*)::text as count,
      coalesce(sum(amount) filter (where status = 'paid'), 0)::text as paid_amount,
      coalesce(sum(amount) filter (where status = 'bounced'), 0)::text as bounced_amount,
      count(*) filter (where status = 'bounced')::text as bounced_count,
      count(distinct collector_id)::text as agents,
      count(distinct customer_id)::text as customers,
      coalesce(sum(instalment), 0)::text as instalment, coalesce(sum(charges), 0)::text as charges,
      coalesce(sum(interest_share), 0)::text as interest_share
    from filtered`);
  return totalsOf(rowsOf<RawRow>(result)[0]);
};

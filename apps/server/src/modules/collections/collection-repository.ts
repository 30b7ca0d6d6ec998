import { addDays, type IsoDate, istDateTimeToInstant, type TCollectionKind } from '@lending/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
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

/** The Asia/Kolkata calendar day of an instant, as a date (IST is UTC+05:30 all year). */
const istDayOf = (column: SQL) => sql`((${column} at time zone 'UTC') + interval '330 minutes')::date`;

/** `column` (a date) within the days asked for. */
const dayRange = (column: SQL, filter: CollectionFilter): SQL => {
  const conditions: SQL[] = [sql`true`];
  if (filter.fromDay) conditions.push(sql`${column} >= ${filter.fromDay}::date`);
  if (filter.toDay) conditions.push(sql`${column} <= ${filter.toDay}::date`);
  return sql.join(conditions, sql` and `);
};

/**
 * `column` (an instant) within the days asked for, as a range of moments (IST midnight to the midnight
 * after the last day), so the plain index on the column serves it.
 */
const momentRange = (column: SQL, filter: CollectionFilter): SQL => {
  const conditions: SQL[] = [sql`true`];
  const midnight = (day: IsoDate) => istDateTimeToInstant(`${day} 00:00:00`)?.toISOString();
  const from = filter.fromDay ? midnight(filter.fromDay) : undefined;
  const to = filter.toDay ? midnight(addDays(filter.toDay, 1)) : undefined;
  if (from) conditions.push(sql`${column} >= ${from}::timestamptz`);
  if (to) conditions.push(sql`${column} < ${to}::timestamptz`);
  return sql.join(conditions, sql` and `);
};

/**
 * A cash row's columns. Its interest share is the one fixed on the row; a row written before that
 * column existed takes it in its loan's terms, exactly as the ledger's day totals did (so the report
 * and the dashboard's figures agree to the paisa); the loan is read only for those rows.
 */
const CASH_COLUMNS = sql`g.id, g.kind, g.cause, g.loan_id, g.actor_id, g.payment_id, g.audit_id, g.payment_mode,
  g.amount, g.instalment, g.penalty, coalesce(g.interest_share, (
    select round(g.instalment::numeric * l.interest_amount / nullif(l.total_repayable, 0))::bigint
    from loans l where l.id = g.loan_id), 0) as interest_share, g.created_at`;

/**
 * The record sources (the union's src) each kind lists: ledger payments (1), foreclosures (2),
 * refunds (3), collections held as credit (6).
 */
const SOURCES_OF: Record<TCollectionKind, readonly number[] | null> = {
  all: null,
  cash: [1, 2, 3, 6],
  collected: [1, 2, 6],
};

/**
 * The ledger's cash rows on the days asked for, each with its business day: `collected` (cash in) and
 * `refund` (credit held paid back, cash out). A row written before the ledger named its day has a null
 * business_date (the table is append-only, so it is never backfilled): it takes the IST day of its
 * payment's recorded moment. Two halves rather than one COALESCE in the filter, so each filters on an
 * indexed column: the business date (loan_ledger_business_date_idx), or the payment's paid_at as a range
 * of moments (emi_payments_paid_at_idx, then loan_ledger_payment_id_idx).
 */
const cashRows = (filter: CollectionFilter): SQL => sql`
  select ${CASH_COLUMNS}, g.business_date as day
  from loan_ledger g
  where g.kind in ('collected', 'refund') and g.business_date is not null and g.actor_id is not null
    and ${dayRange(sql`g.business_date`, filter)}
  union all
  select ${CASH_COLUMNS}, ${istDayOf(sql`p.paid_at`)}
  from loan_ledger g join emi_payments p on p.id = g.payment_id
  where g.kind = 'collected' and g.business_date is null and g.actor_id is not null
    and ${momentRange(sql`p.paid_at`, filter)}`;

/**
 * Every collection, refund and bounce, with its loan, customer and collector, filtered. Collections
 * are the ledger's cash rows, each on its own business day, by its collector, with its mode: one
 * record per payment (its rows name the payment), one per foreclosure (its rows name its audit row; no
 * EMI number), one per refund (negative: cash paid out, so a day's total is its net cash) and one per
 * collection held as credit (a phone's collection that met a conflict; its phone time in its audit row). Cash is
 * never reversed, so a later edit, reset, waiver or foreclosure never changes a past day; credit
 * applied moves no cash and is not here. Payments recorded before the ledger named them are read from
 * their payment record while their EMI stands, as they always were. Bounces are read from their
 * records, on their own business day.
 */
export const filteredRecords = (filter: CollectionFilter): SQL => {
  const pattern = containsPattern(filter.search);
  const conditions: SQL[] = [sql`true`];
  if (filter.collectorId !== undefined) conditions.push(sql`r.collector_id = ${filter.collectorId}`);
  if (filter.agentId !== undefined)
    conditions.push(sql`r.collector_id = ${filter.agentId} and customer.agent_id = ${filter.agentId}`);
  const sources = SOURCES_OF[filter.kind ?? 'all'];
  // A constant per branch of the union: the planner drops the branches a kind does not list.
  if (sources) conditions.push(sql`r.src in (${sql.raw(sources.join(', '))})`);
  if (pattern)
    conditions.push(sql`(customer.name ilike ${pattern} or customer.mobile ilike ${pattern}
      or l.loan_code ilike ${pattern} or collector.name ilike ${pattern})`);
  return sql`
    with cash as (${cashRows(filter)}), records as (
      select 'paid'::text as status, 'emi'::text as record_type, 1 as src, min(c.id) as record_id,
        min(c.created_at) as at, c.day, c.actor_id as collector_id, c.loan_id, p.emi_number,
        min(c.payment_mode) as payment_mode, sum(c.amount) as amount, min(p.collected_at) as collected_at,
        sum(c.instalment) as instalment, sum(c.penalty) as charges, sum(c.interest_share) as interest_share
      from cash c join emi_payments p on p.id = c.payment_id
      where c.kind = 'collected'
      group by c.payment_id, c.day, c.actor_id, c.loan_id, p.emi_number
      union all
      select 'paid'::text, 'foreclosure'::text, 2, min(c.id), min(c.created_at), c.day, c.actor_id, c.loan_id,
        null::integer, min(c.payment_mode), sum(c.amount), null::timestamptz,
        sum(c.instalment), sum(c.penalty), sum(c.interest_share)
      from cash c
      where c.kind = 'collected' and c.cause = 'foreclosure' and c.audit_id is not null
      group by c.audit_id, c.day, c.actor_id, c.loan_id
      union all
      select 'paid'::text, 'refund'::text, 3, min(c.id), min(c.created_at), c.day, c.actor_id, c.loan_id,
        null::integer, min(c.payment_mode), -sum(c.amount), null::timestamptz,
        -sum(c.amount), 0::bigint, -sum(c.interest_share)
      from cash c
      where c.kind = 'refund'
      group by c.audit_id, c.day, c.actor_id, c.loan_id
      union all
      select 'paid'::text, 'credit_held'::text, 6, min(c.id), min(c.created_at), c.day, c.actor_id, c.loan_id,
        null::integer, min(c.payment_mode), sum(c.amount),
        (select (a.metadata->>'collected_at')::timestamptz from audit_logs a where a.id = c.audit_id),
        sum(c.instalment), sum(c.penalty), sum(c.interest_share)
      from cash c
      where c.kind = 'collected' and c.cause = 'held_cash'
      group by c.audit_id, c.day, c.actor_id, c.loan_id
      union all
      select 'paid'::text, 'emi'::text, 4, p.id, p.paid_at, ${istDayOf(sql`p.paid_at`)}, p.collected_by, p.loan_id,
        p.emi_number, p.payment_mode, p.amount, p.collected_at, null::bigint, null::bigint, null::bigint
      from emi_payments p
      where p.emi_id is not null and p.payment_mode <> 'credit' and ${momentRange(sql`p.paid_at`, filter)}
        and not exists (select 1 from loan_ledger g where g.payment_id = p.id)
      union all
      select 'bounced'::text, 'emi'::text, 5, b.id, b.bounced_at, b.bounced_on, b.bounced_by, b.loan_id,
        b.emi_number, null, b.emi_amount, null::timestamptz, null::bigint, null::bigint, null::bigint
      from emi_bounces b
      where ${dayRange(sql`b.bounced_on`, filter)}
    ), filtered as (
      select r.*, l.loan_code, l.loan_number, customer.id as customer_id, customer.name as customer_name,
        customer.mobile as customer_mobile, collector.name as collector_name,
        collector.mobile as collector_mobile
      from records r
      join loans l on l.id = r.loan_id
      join users customer on customer.id = l.customer_id
      join users collector on collector.id = r.collector_id
      where ${sql.join(conditions, sql` and `)}
    )`;
};

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
 * Newest business day first; within a day, newest moment first. src (which branch of the union) and
 * record_id make the order total, so export batches can continue after a row without gaps or repeats.
 */
export const COLLECTION_ORDER = sql`filtered.day desc, filtered.at desc, status desc, src desc, record_id desc`;
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

/** Totals over every record the filters match. */
export const collectionTotals = async (db: Executor, filter: CollectionFilter): Promise<CollectionTotals> => {
  const result = await db.execute(sql`${filteredRecords(filter)}
    select count(*)::text as count,
      coalesce(sum(amount) filter (where status = 'paid'), 0)::text as paid_amount,
      coalesce(sum(amount) filter (where status = 'bounced'), 0)::text as bounced_amount,
      count(*) filter (where status = 'bounced')::text as bounced_count,
      count(distinct collector_id)::text as agents,
      count(distinct customer_id)::text as customers,
      coalesce(sum(instalment), 0)::text as instalment, coalesce(sum(charges), 0)::text as charges,
      coalesce(sum(interest_share), 0)::text as interest_share
    from filtered`);
  const [row] = rowsOf<RawRow>(result);
  return {
    count: num(row?.count),
    paidAmount: num(row?.paid_amount),
    bouncedAmount: num(row?.bounced_amount),
    bouncedCount: num(row?.bounced_count),
    agents: num(row?.agents),
    customers: num(row?.customers),
    instalment: num(row?.instalment),
    charges: num(row?.charges),
    interestShare: num(row?.interest_share),
  };
};

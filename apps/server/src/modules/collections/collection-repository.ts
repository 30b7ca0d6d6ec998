import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type Keyset, keysetOrderSql } from '../../db/keyset';
import { rowsOf } from '../../db/sql';
import {
  type CollectionFilter,
  type CollectionTotals,
  collectionNeedsPeople,
  collectionTotalsOf,
  filteredCollectionRecords,
  keptCollectionTotals,
  totalledCollectionRecords,
} from '../read-model';

/*
 * The report's records and their day totals are the read model's (readers/collections.ts): its
 * queries start from `filteredCollectionRecords` or `totalledCollectionRecords`, and this module adds
 * their columns, order and pages.
 */

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
  const result = await db.execute(sql`${filteredCollectionRecords(filter)}
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

/** Totals over every record the filters match, summed over the records (collectionTotals chooses). */
export const summedCollectionTotals = async (
  db: Executor,
  filter: CollectionFilter,
): Promise<CollectionTotals> => {
  const result = await db.execute(sql`${totalledCollectionRecords(filter)}
    select count(*)::text as count,
      coalesce(sum(amount) filter (where status = 'paid'), 0)::text as paid_amount,
      coalesce(sum(amount) filter (where status = 'bounced'), 0)::text as bounced_amount,
      count(*) filter (where status = 'bounced')::text as bounced_count,
      count(distinct collector_id)::text as agents,
      count(distinct customer_id)::text as customers,
      coalesce(sum(instalment), 0)::text as instalment, coalesce(sum(charges), 0)::text as charges,
      coalesce(sum(interest_share), 0)::text as interest_share
    from filtered`);
  return collectionTotalsOf(rowsOf<RawRow>(result)[0]);
};

/**
 * Totals over every record the filters match: from the read model's kept day totals when no person's
 * column filters the records, else summed over the records.
 */
export const collectionTotals = (db: Executor, filter: CollectionFilter): Promise<CollectionTotals> =>
  collectionNeedsPeople(filter) ? summedCollectionTotals(db, filter) : keptCollectionTotals(db, filter);

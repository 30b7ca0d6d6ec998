import { bigint, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { calendarDate, moment, paise } from './columns';

/**
 * The Agent Collections report's records, one row per record as the report shows it, kept by triggers
 * (migration 0034_collection_records) in the transaction of each ledger cash row, bounce and payment, so
 * the report pages through an index in its own order and sums a day's records without regrouping the
 * ledger. `src` says which kind of record (1 a payment's cash, 2 a foreclosure's, 3 a refund of credit
 * held, 4 a payment recorded before the ledger named payments, 5 a bounce) and, with `group_key` (the
 * payment, audit row or bounce the record stands for), the day, the collector and the loan, identifies
 * it. Money in paise; a refund negative. Its maintenance and backfill: migration 0030.
 */
export const collectionRecords = pgTable(
  'collection_records',
  {
    src: smallint('src').notNull(),
    groupKey: bigint('group_key', { mode: 'number' }).notNull(),
    day: calendarDate('day').notNull(),
    collectorId: integer('collector_id').notNull(),
    loanId: integer('loan_id').notNull(),
    /** The loan's customer, kept when a loan's customer is changed. */
    customerId: integer('customer_id').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    at: moment('at').notNull(),
    status: text('status').notNull(),
    recordType: text('record_type').notNull(),
    emiNumber: integer('emi_number'),
    paymentMode: text('payment_mode'),
    amount: paise('amount').notNull(),
    /**
     * A ledger record's (src 1-3) instalment money, charges and interest share, summed over its rows; a
     * refund's instalment and share negative, its charges 0. A row without a stored share takes it in its
     * loan's terms when written, as the ledger's day totals do. Null for src 4 and 5.
     */
    instalment: bigint('instalment', { mode: 'number' }),
    charges: bigint('charges', { mode: 'number' }),
    interestShare: bigint('interest_share', { mode: 'number' }),
    collectedAt: moment('collected_at'),
  },
  (t) => [
    primaryKey({ columns: [t.src, t.groupKey, t.day, t.collectorId, t.loanId] }),
    // The report's order (newest day, then moment), read backwards; and the same per collector.
    index('collection_records_order_idx').on(t.day, t.at, t.status, t.src, t.recordId),
    index('collection_records_collector_idx').on(t.collectorId, t.day, t.at, t.status, t.src, t.recordId),
    index('collection_records_loan_idx').on(t.loanId),
    // The distinct customers of the report's days, read from the index without the records' rows.
    index('collection_records_day_customer_idx').on(t.day, t.customerId, t.collectorId, t.src),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigId, calendarDate, createdAt, moment, paise } from './columns';
import { auditLogs } from './platform';
import { userRef } from './users';

/**
 * Cash rows of the ledger (`collected` and `refund`, every mode but credit) summed per collector,
 * business day, mode and kind; kept by a trigger on `loan_ledger` in the transaction of each row
 * (migration 0021_cash_day_totals), so a collector's cash in hand reads a few rows per day held
 * rather than their every collection. One collector's rows are written by one person's payments, so
 * there is no sharding as in `ledger_day_totals`.
 */
export const cashDayTotals = pgTable(
  'cash_day_totals',
  {
    collectorId: integer('collector_id').notNull(),
    businessDate: calendarDate('business_date').notNull(),
    paymentMode: text('payment_mode').notNull(),
    kind: text('kind').notNull(),
    amount: paise('amount').notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collectorId, t.businessDate, t.paymentMode, t.kind] }),
    index('cash_day_totals_business_date_idx').on(t.businessDate),
  ],
);

/**
 * A collector's cash handed to an admin: `amount` leaves the collector's hand (what they hand over by
 * the books), `received_amount` is what the admin counted; `difference` = received − amount
 * (a shortfall negative, an excess positive) and needs a `reason` when not 0. Append-only.
 */
export const cashHandovers = pgTable(
  'cash_handovers',
  {
    id: bigId(),
    collectorId: userRef('collector_id', 'restrict').notNull(),
    receivedBy: userRef('received_by', 'restrict').notNull(),
    amount: paise('amount').notNull(),
    receivedAmount: paise('received_amount').notNull(),
    difference: paise('difference').notNull(),
    reason: text('reason'),
    note: text('note'),
    businessDate: calendarDate('business_date').notNull(),
    auditId: bigint('audit_id', { mode: 'number' })
      .notNull()
      .references(() => auditLogs.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('cash_handovers_collector_idx').on(t.collectorId, t.businessDate, t.id),
    index('cash_handovers_business_date_idx').on(t.businessDate, t.id),
    check('cash_handovers_amount_check', sql`${t.amount} > 0 and ${t.receivedAmount} >= 0`),
    check('cash_handovers_difference_check', sql`${t.difference} = ${t.receivedAmount} - ${t.amount}`),
  ],
);

/** Paise per payment mode, as a day close fixes them. */
export type ModePaise = Record<string, number>;

/**
 * A collector's closed business day, its figures fixed at the close: in hand at the start, collected
 * by mode, cash refunds paid, handed over (by the books) and received (counted), their difference, and
 * carried in hand. One per collector and day; once it exists no cash row or handover lands on that day.
 */
export const cashDayCloses = pgTable(
  'cash_day_closes',
  {
    id: bigId(),
    collectorId: userRef('collector_id', 'restrict').notNull(),
    businessDate: calendarDate('business_date').notNull(),
    openingInHand: paise('opening_in_hand').notNull(),
    collected: jsonb('collected').$type<ModePaise>().notNull(),
    refunded: paise('refunded').notNull(),
    handedOver: paise('handed_over').notNull(),
    received: paise('received').notNull(),
    difference: paise('difference').notNull(),
    carriedInHand: paise('carried_in_hand').notNull(),
    closedBy: userRef('closed_by', 'restrict').notNull(),
    note: text('note'),
    auditId: bigint('audit_id', { mode: 'number' })
      .notNull()
      .references(() => auditLogs.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cash_day_closes_collector_day_key').on(t.collectorId, t.businessDate),
    index('cash_day_closes_business_date_idx').on(t.businessDate, t.id),
  ],
);

/**
 * What each field agent's phone last reported of its offline queue (PUT /cash/phone-sync): the
 * collections still waiting on it and its last successful sync. One row per agent, overwritten by each
 * report (the last sync never moves back); not money, so not audited.
 */
export const phoneSyncStates = pgTable(
  'phone_sync_states',
  {
    agentId: userRef('agent_id', 'cascade').primaryKey(),
    pendingCount: integer('pending_count').notNull(),
    lastSyncedAt: moment('last_synced_at'),
    reportedAt: moment('reported_at').notNull(),
  },
  (t) => [check('phone_sync_states_pending_check', sql`${t.pendingCount} >= 0`)],
);

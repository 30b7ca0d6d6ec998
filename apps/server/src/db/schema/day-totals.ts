import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bigId, calendarDate, paise, transactionId } from './columns';

/**
 * Ledger rows summed per IST business day and kind, folded in by the read model's projector in the
 * order their transactions finished (up to `kept_projections`' watermark of `ledger-day-totals`), so
 * the dashboard's money figures read a few hundred rows instead of millions. Each day and kind may
 * be split into shards (`kept_shard()`); readers sum the shards.
 */
export const ledgerDayTotals = pgTable(
  'ledger_day_totals',
  {
    businessDate: calendarDate('business_date').notNull(),
    kind: text('kind').notNull(),
    shard: smallint('shard').notNull(),
    amount: paise('amount').notNull(),
    instalment: paise('instalment').notNull(),
    penalty: paise('penalty').notNull(),
    interestShare: paise('interest_share').notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.kind, t.shard] })],
);

/**
 * EMIs of approved loans per EMI date: how many are open and what they owe (amount + late charge),
 * and how many are due at all (not foreclosed). Kept by triggers on `emis` and on a loan's status.
 */
export const emiDayTotals = pgTable(
  'emi_day_totals',
  {
    emiDate: calendarDate('emi_date').notNull(),
    shard: smallint('shard').notNull(),
    openCount: integer('open_count').notNull(),
    openAmount: paise('open_amount').notNull(),
    dueCount: integer('due_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.emiDate, t.shard] })],
);

/**
 * Each loan's scheduled EMI money (amount, foreclosed EMIs excluded) per calendar month of EMI date,
 * whatever the loan's status. Kept by a trigger on `emis` (migration 0022_emi_month_totals), so the
 * interest the schedule expects in a month reads one row per loan instead of every EMI of the month;
 * the interest stays rounded per loan, in the loan's terms, when it is read.
 */
export const emiMonthLoanTotals = pgTable(
  'emi_month_loan_totals',
  {
    month: calendarDate('month').notNull(),
    loanId: integer('loan_id').notNull(),
    scheduled: paise('scheduled').notNull(),
    /** How many EMIs make `scheduled` (the Expected interest list's count). */
    emis: integer('emis').notNull().default(0),
  },
  // A loan's months, for a change of its status or terms (migration interest_month_totals).
  (t) => [primaryKey({ columns: [t.month, t.loanId] }), index('emi_month_loan_totals_loan_idx').on(t.loanId)],
);

/**
 * The interest a month's schedule expects, per calendar month, loan status and shard (the writing connection's):
 * the loans with EMIs in the month, their scheduled money, their interest rounded per loan (the
 * dashboard's `expectedInterest`), their principal and interest (its average rate). Kept by triggers
 * on `emi_month_loan_totals` and on a loan's status and terms, so the figure reads a few rows.
 */
export const interestMonthTotals = pgTable(
  'interest_month_totals',
  {
    month: calendarDate('month').notNull(),
    loanStatus: text('loan_status').notNull(),
    shard: smallint('shard').notNull(),
    loans: integer('loans').notNull(),
    emis: integer('emis').notNull(),
    scheduled: paise('scheduled').notNull(),
    expected: paise('expected').notNull(),
    principal: paise('principal').notNull(),
    interest: paise('interest').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.loanStatus, t.shard] })],
);

/**
 * Each customer's credit events counted per event type, kept by a trigger on `credit_events`
 * (migration 0028_report_counts) in the transaction of every insert and delete, so the Credit
 * Report's total and stat cards read one row per customer and type instead of millions of events.
 */
export const creditEventCounts = pgTable(
  'credit_event_counts',
  {
    customerId: integer('customer_id').notNull(),
    eventType: text('event_type').notNull(),
    events: bigint('events', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.eventType] })],
);

/**
 * Loans counted per status with Σ loan amount, kept by a trigger on `loans` (migration
 * 0028_report_counts) in the transaction of every insert, delete and change of status or amount,
 * so the loan list's cards over every loan read a handful of rows instead of every loan. Split into
 * the writing connection's shards (migration 0044): loans closing at once by their last payments
 * would otherwise all wait on the `approved` and `closed` rows until each commits. Readers sum.
 */
export const loanStatusTotals = pgTable(
  'loan_status_totals',
  {
    status: text('status').notNull(),
    shard: smallint('shard').notNull().default(0),
    loans: bigint('loans', { mode: 'number' }).notNull(),
    amount: paise('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.shard] })],
);

/**
 * Each projected figure's watermark: every source row at or before (`through_tx`, `through_id`) in
 * commit order is folded into it, as of `as_of` (the moment of the snapshot the last fold read).
 */
export const keptProjections = pgTable('kept_projections', {
  figure: text('figure').primaryKey(),
  throughTx: transactionId('through_tx').notNull(),
  throughId: bigint('through_id', { mode: 'number' }).notNull(),
  asOf: timestamp('as_of', { withTimezone: true, mode: 'date' }).notNull(),
  folded: bigint('folded', { mode: 'number' }).notNull().default(0),
});

/**
 * The EMI changes of approved loans waiting for the projector (an outbox): each row an EMI's counted
 * fields before (`old_*`, null for a new EMI) and after (`new_*`, null for a deleted one), written by a
 * trigger in the changing transaction and deleted by the fold that adds it to the EMI day totals and
 * the lists' EMI states, so the table holds only what is still to come.
 */
export const emiChanges = pgTable(
  'emi_changes',
  {
    id: bigId(),
    tx: transactionId('tx').notNull().default(sql`pg_current_xact_id()`),
    loanId: integer('loan_id').notNull(),
    oldEmiDate: calendarDate('old_emi_date'),
    oldStatus: text('old_status'),
    oldOpen: boolean('old_open'),
    oldAmount: paise('old_amount'),
    oldLateCharge: paise('old_late_charge'),
    newEmiDate: calendarDate('new_emi_date'),
    newStatus: text('new_status'),
    newOpen: boolean('new_open'),
    newAmount: paise('new_amount'),
    newLateCharge: paise('new_late_charge'),
  },
  (t) => [index('emi_changes_tx_idx').on(t.tx, t.id), index('emi_changes_loan_idx').on(t.loanId)],
);

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigId, calendarDate, createdAt, moment, paise } from './columns';
import { jobs } from './jobs';
import { loans } from './loans';
import { userRef } from './users';

const CLASS_VALUES = sql.raw(`('standard', 'sma0', 'sma1', 'sma2', 'npa')`);

/**
 * One day-end close per business day (docs/classification.md): when it ran, by which job, who asked
 * for it (null: the schedule), how many times it ran (a re-run adds one), what it classified.
 */
export const dayEndCloses = pgTable(
  'day_end_closes',
  {
    businessDate: calendarDate('business_date').primaryKey(),
    status: text('status').notNull(),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    startedBy: userRef('started_by', 'set null'),
    runs: integer('runs').notNull().default(1),
    loans: integer('loans').notNull().default(0),
    changes: integer('changes').notNull().default(0),
    error: text('error'),
    startedAt: moment('started_at').notNull(),
    finishedAt: moment('finished_at'),
  },
  (t) => [check('day_end_closes_status_check', sql`${t.status} in ('running', 'succeeded', 'failed')`)],
);

/**
 * The SMA/NPA register: each loan in a class other than standard at a day's close, as it was
 * classified then (a loan in no row was standard or not in the book). Replaced only by a re-run of
 * that day's close.
 */
export const loanClassDays = pgTable(
  'loan_class_days',
  {
    businessDate: calendarDate('business_date')
      .notNull()
      .references(() => dayEndCloses.businessDate, { onDelete: 'cascade' }),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').notNull(),
    /** The customer's agent at the close (0: none), so a later change of agent leaves the day as it was. */
    agentKey: integer('agent_key').notNull(),
    loanClass: text('loan_class').notNull(),
    ownClass: text('own_class').notNull(),
    previousClass: text('previous_class').notNull(),
    byBorrower: boolean('by_borrower').notNull(),
    daysPastDue: integer('days_past_due').notNull(),
    since: calendarDate('since').notNull(),
    outstanding: paise('outstanding').notNull(),
    arrears: paise('arrears').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessDate, t.loanId] }),
    // The register pages a day by class (and by agent) in loan order.
    index('loan_class_days_class_idx').on(t.businessDate, t.loanClass, t.loanId),
    index('loan_class_days_agent_idx').on(t.businessDate, t.agentKey, t.loanId),
    check(
      'loan_class_days_class_check',
      sql`${t.loanClass} in ${CLASS_VALUES} and ${t.loanClass} <> 'standard'`,
    ),
    check('loan_class_days_own_check', sql`${t.ownClass} in ${CLASS_VALUES}`),
  ],
);

/** Loans and outstanding principal per agent (0: none) and class at a day's close, standard included. */
export const loanClassDayTotals = pgTable(
  'loan_class_day_totals',
  {
    businessDate: calendarDate('business_date')
      .notNull()
      .references(() => dayEndCloses.businessDate, { onDelete: 'cascade' }),
    agentKey: integer('agent_key').notNull(),
    loanClass: text('loan_class').notNull(),
    loans: integer('loans').notNull(),
    outstanding: paise('outstanding').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.agentKey, t.loanClass] })],
);

/**
 * Every change of a loan's class (reported or own) at a close: the history, never updated but to
 * mark the rows a re-run of their day replaced (`superseded_at`).
 */
export const loanClassChanges = pgTable(
  'loan_class_changes',
  {
    id: bigId(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    businessDate: calendarDate('business_date').notNull(),
    fromClass: text('from_class').notNull(),
    toClass: text('to_class').notNull(),
    fromOwn: text('from_own').notNull(),
    toOwn: text('to_own').notNull(),
    daysPastDue: integer('days_past_due').notNull(),
    reason: text('reason').notNull(),
    supersededAt: moment('superseded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('loan_class_changes_loan_idx').on(t.loanId, t.businessDate),
    index('loan_class_changes_day_idx').on(t.businessDate).where(sql`${t.supersededAt} is null`),
    check(
      'loan_class_changes_reason_check',
      sql`${t.reason} in ('days_past_due', 'borrower_npa', 'arrears_paid')`,
    ),
  ],
);

export type LoanClassDayRow = typeof loanClassDays.$inferInsert;
export type DayEndCloseRow = typeof dayEndCloses.$inferSelect;

import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { calendarDate, createdAt, moment } from './columns';
import { loans } from './loans';
import { userRef } from './users';

/**
 * The lender's holiday list: no collections on these days for loans made from a product (a loan
 * without a product is collected every calendar day). Declared holidays move open instalments forward
 * (`holiday_moves`); the counts are kept with the day.
 */
export const holidays = pgTable('holidays', {
  date: calendarDate('date').primaryKey(),
  name: text('name').notNull(),
  loansMoved: integer('loans_moved').notNull().default(0),
  emisMoved: bigint('emis_moved', { mode: 'number' }).notNull().default(0),
  /** When its job had moved every instalment it reaches; null while it is moving them. */
  movedAt: moment('moved_at'),
  /** The `holiday.move` job that moves them. */
  jobId: integer('job_id'),
  declaredBy: userRef('declared_by', 'set null'),
  createdAt: createdAt(),
});
export type HolidayRow = typeof holidays.$inferSelect;

/**
 * Every instalment a declared holiday moved, from and to: the trail an auditor reads (no money moves,
 * so the ledger has no row for it). Deleted with nothing: a holiday that moved instalments stays.
 */
export const holidayMoves = pgTable(
  'holiday_moves',
  {
    holidayDate: date('holiday_date', { mode: 'string' })
      .notNull()
      .references(() => holidays.date, { onDelete: 'restrict' }),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    emiNumber: integer('emi_number').notNull(),
    fromDate: calendarDate('from_date').notNull(),
    toDate: calendarDate('to_date').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.holidayDate, t.loanId, t.emiNumber] }),
    index('holiday_moves_loan_id_idx').on(t.loanId),
  ],
);

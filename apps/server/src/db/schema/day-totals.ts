import { bigint, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { calendarDate, paise } from './columns';

/**
 * Ledger rows summed per IST business day and kind, kept by a trigger on `loan_ledger` in the same
 * transaction as each row (migration 0016_day_totals), so the dashboard's money figures read a few
 * hundred rows instead of millions. Each day and kind is split over 8 shards (`loan_id % 8`) so that
 * concurrent payments of different loans rarely wait on the same summary row.
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
  },
  (t) => [primaryKey({ columns: [t.month, t.loanId] })],
);

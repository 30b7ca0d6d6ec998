import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { calendarDate, moment, paise } from './columns';

/**
 * Each loan's money to date for the portfolio's figures (docs/portfolio.md), kept by a trigger on
 * `loan_ledger` in the same transaction as each row (migration 0030_portfolio_totals), so today's
 * figures read one row per loan instead of every cash row: `paid` is its instalment money paid
 * (collected and credit applied, less credit taken back), `principal` the principal share of cash
 * collected net of refunds, `last_money_day` the business day of its last row that moved money onto
 * or off an EMI (the day a closed loan ended). Every lent loan has a row.
 */
export const loanMoneyTotals = pgTable('loan_money_totals', {
  loanId: integer('loan_id').primaryKey(),
  paid: paise('paid').notNull(),
  principal: paise('principal').notNull(),
  lastMoneyDay: calendarDate('last_money_day'),
  /**
   * The day the loan leaves the book as last committed ('infinity' while approved, null when it is in
   * no day's book), so a commit that moves it deletes exactly the stored days that change.
   */
  bookEnd: calendarDate('book_end'),
});

/**
 * The business days whose portfolio figures are stored below, written by the hourly housekeeping job
 * for the last 90 closed days. A change that would alter a stored day's figures (a ledger row dated
 * on it, a loan's terms, status or customer, a customer's agent) deletes the day in its transaction,
 * so what is stored is always what the ledger says; a day not stored is computed from the ledger.
 */
export const portfolioDays = pgTable('portfolio_days', {
  businessDate: calendarDate('business_date').primaryKey(),
  madeAt: moment('made_at').notNull().defaultNow(),
});

/** A stored day's loans in the book by agent (`agent_key` 0: no agent) and ageing bucket. */
export const portfolioDayRisk = pgTable(
  'portfolio_day_risk',
  {
    businessDate: calendarDate('business_date')
      .notNull()
      .references(() => portfolioDays.businessDate, { onDelete: 'cascade' }),
    agentKey: integer('agent_key').notNull(),
    bucket: text('bucket').notNull(),
    loans: integer('loans').notNull(),
    outstanding: paise('outstanding').notNull(),
    arrears: paise('arrears').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.agentKey, t.bucket] })],
);

/** A stored day's instalment money collected in cash, by the loan's agent (`agent_key` 0: no agent). */
export const portfolioDayCollected = pgTable(
  'portfolio_day_collected',
  {
    businessDate: calendarDate('business_date')
      .notNull()
      .references(() => portfolioDays.businessDate, { onDelete: 'cascade' }),
    agentKey: integer('agent_key').notNull(),
    collected: paise('collected').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.agentKey] })],
);

/**
 * Lent loans still approved, counted per agent (`agent_key` 0: no agent) and the date of their oldest
 * unpaid instalment under the portfolio's rule (payments applied oldest first; 'infinity' when every
 * instalment is paid): how many and their outstanding principal. Kept by triggers in the transaction
 * of every change of a loan's money, terms, status or customer and of a customer's agent (migration
 * portfolio_kept), so today's PAR and ageing are a GROUP BY over these rows. Days overdue grow with
 * no write, so the row holds the date, never the bucket.
 */
export const portfolioDueGroups = pgTable(
  'portfolio_due_groups',
  {
    agentKey: integer('agent_key').notNull(),
    dueDay: calendarDate('due_day').notNull(),
    loans: integer('loans').notNull(),
    outstanding: paise('outstanding').notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentKey, t.dueDay] })],
);

/**
 * Per business day and agent (`agent_key` 0: no agent): the instalments dated that day of lent loans
 * up to the day a closed loan ended, and the instalment money collected in cash that day. Kept by
 * triggers (migration portfolio_kept), so a period's collection efficiency sums a range of days.
 */
export const portfolioAgentDays = pgTable(
  'portfolio_agent_days',
  {
    businessDate: calendarDate('business_date').notNull(),
    agentKey: integer('agent_key').notNull(),
    dated: paise('dated').notNull(),
    collected: paise('collected').notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.agentKey] })],
);

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

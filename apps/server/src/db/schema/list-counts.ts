import { bigint, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { calendarDate, paise } from './columns';

/**
 * Users counted per role, kept by a trigger on `users` (migration 0042_list_counts) in the transaction
 * of every insert, delete and change of role, so the users list's total without a search or an agent's
 * scope reads a handful of rows instead of counting every user.
 */
export const userRoleCounts = pgTable('user_role_counts', {
  roleId: integer('role_id').primaryKey(),
  users: bigint('users', { mode: 'number' }).notNull(),
});

/**
 * Approved loans counted per date of their oldest open EMI (`loans.oldest_open_emi_date`, not null),
 * kept by a trigger on `loans` (migration 0042_list_counts), so "how many loans are overdue" over every
 * customer is a sum over the days before today. Split into the writing connection's shards as the EMI
 * day totals are: every payment of a loan's oldest EMI moves its loan to a later day.
 */
export const overdueLoanDays = pgTable(
  'overdue_loan_days',
  {
    oldestOpenEmiDate: calendarDate('oldest_open_emi_date').notNull(),
    shard: smallint('shard').notNull(),
    loans: bigint('loans', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.oldestOpenEmiDate, t.shard] })],
);

/**
 * The Agent Collections report's records (`collection_records`) summed per business day, collector,
 * source, status and record type, kept by a trigger on the records (migration 0042_list_counts), so the
 * report's grand totals and daily summary read a few rows per collector-day instead of every record.
 * Money in paise; a record's missing instalment, charges or share count as 0, as the report sums them.
 */
export const collectionDayTotals = pgTable(
  'collection_day_totals',
  {
    day: calendarDate('day').notNull(),
    collectorId: integer('collector_id').notNull(),
    src: smallint('src').notNull(),
    status: text('status').notNull(),
    recordType: text('record_type').notNull(),
    records: bigint('records', { mode: 'number' }).notNull(),
    amount: paise('amount').notNull(),
    instalment: paise('instalment').notNull(),
    charges: paise('charges').notNull(),
    interestShare: paise('interest_share').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.collectorId, t.src, t.status, t.recordType] })],
);

import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { calendarDate, paise } from './columns';

/**
 * The EMIs of approved loans counted per EMI date, customer's agent (0: none), status and whether the
 * EMI is open (pending, or the bounced one its dues are still with), with Σ amount, Σ late charge and
 * how many carry a late charge. Kept by triggers on `emis`, a loan's status and customer, and a
 * customer's agent (migration `list_totals`), so Payments Due's cards over a day and an agent's
 * overdue cards read a few rows instead of every EMI they count. Each agent's rows are split into shards
 * (`kept_shard()`: the writing connection's, migration 0043), as `emi_day_totals` is, so concurrent
 * payments of one agent's loans on one day rarely wait for the same row; readers sum the shards.
 */
export const emiStateTotals = pgTable(
  'emi_state_totals',
  {
    emiDate: calendarDate('emi_date').notNull(),
    agentId: integer('agent_id').notNull(),
    status: text('status').notNull(),
    open: boolean('open').notNull(),
    shard: smallint('shard').notNull(),
    emis: bigint('emis', { mode: 'number' }).notNull(),
    amount: paise('amount').notNull(),
    lateCharge: paise('late_charge').notNull(),
    lateCharged: bigint('late_charged', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.emiDate, t.agentId, t.status, t.open, t.shard] }),
    // An agent's overdue cards: their open rows before today.
    index('emi_state_totals_agent_idx').on(t.agentId, t.emiDate),
  ],
);

/**
 * EMIs that ever bounced (a `bounce_status`), whatever their loan's status, counted per bounce status
 * with Σ amount; split into the writing connection's shards as the day totals are. Kept by a trigger on
 * `emis` (migration `list_totals`), so Bounced EMIs' total and cards without filters read a few rows.
 */
export const emiBounceTotals = pgTable(
  'emi_bounce_totals',
  {
    bounceStatus: text('bounce_status').notNull(),
    shard: smallint('shard').notNull(),
    emis: bigint('emis', { mode: 'number' }).notNull(),
    amount: paise('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bounceStatus, t.shard] })],
);

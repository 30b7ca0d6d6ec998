import { NO_DUE_TOTALS, type TDueDateScope, type TDueStatusFilter, type TDueTotals } from '@lending/domain';
import { and, eq, gte, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { emiBounceTotals, emiStateTotals } from '../../../db/schema';

/**
 * The readers of `list-totals` (figures/list-totals.ts): the lists' cards from the approved loans'
 * EMIs counted per date, agent, status and openness, and the bounced EMIs per bounce status. The
 * caller settles the figure first (`settleFigure(db, 'list-totals')`) and decides when its filter
 * allows the kept rows (no search).
 */

/**
 * Payments Due's days and status: EMIs dated on `date`, before it or on any day (`dates`), of a
 * status, open or still due (`status`). The kept EMI states are keyed by these.
 */
export type DueDaysFilter = {
  date: string;
  dates: TDueDateScope;
  /** The last day of a `range` (included). */
  to?: string;
  status: TDueStatusFilter;
};

/** The Payments Due cards over a whole filter (the domain's totals, in paise) and its row count. */
export type DueTotalsRow = TDueTotals & { count: number };

const NO_DUE_ROWS: DueTotalsRow = { ...NO_DUE_TOTALS, count: 0 };

/** A sum as text: bigint sums arrive as strings from pg, and text reads the same on both drivers. */
const paiseSum = (expression: SQL, where: SQL = sql`true`) =>
  sql<number>`coalesce(sum(${expression}) filter (where ${where}), 0)::text`.mapWith(Number);

/** The filter's dates as a condition on an EMI date column (the head of the index or kept key). */
export const dueDatesWhere = (date: AnyPgColumn, filter: DueDaysFilter): SQL | undefined => {
  if (filter.dates === 'day') return eq(date, filter.date);
  if (filter.dates === 'before') return lt(date, filter.date);
  // A range of the index's leading column, as 'before' is.
  if (filter.dates === 'range') return and(gte(date, filter.date), lte(date, filter.to ?? filter.date));
  return undefined;
};

const keptStatusWhere = (status: TDueStatusFilter): SQL =>
  status === 'open'
    ? eq(emiStateTotals.open, true)
    : status === 'due'
      ? ne(emiStateTotals.status, 'foreclosed')
      : eq(emiStateTotals.status, status);

/**
 * Payments Due's cards from `emi_state_totals` (the approved loans' EMIs counted per date, agent,
 * status and openness by triggers), everyone's or one agent's: a few rows per day instead of every EMI
 * of the filter. Exact, since each row holds the counts and paise sums of the very EMIs the aggregate
 * over the EMIs would read.
 */
export const keptDueTotals = async (
  db: Executor,
  filter: DueDaysFilter,
  agentId?: number,
): Promise<DueTotalsRow> => {
  const t = emiStateTotals;
  const pending = eq(t.status, 'pending');
  const open = eq(t.open, true);
  const [row] = await db
    .select({
      count: paiseSum(sql`${t.emis}`),
      totalToCollect: paiseSum(sql`${t.amount} + ${t.lateCharge}`, pending),
      overdue: paiseSum(sql`${t.lateCharged}`),
      pending: paiseSum(sql`${t.emis}`, pending),
      lateCharges: paiseSum(sql`${t.lateCharge}`),
      openCount: paiseSum(sql`${t.emis}`, open),
      openAmount: paiseSum(sql`${t.amount} + ${t.lateCharge}`, open),
    })
    .from(t)
    .where(
      and(
        dueDatesWhere(emiStateTotals.emiDate, filter),
        keptStatusWhere(filter.status),
        agentId === undefined ? undefined : eq(t.agentId, agentId),
      ),
    );
  return row ?? NO_DUE_ROWS;
};

/**
 * Bounced EMIs Management's cards: every EMI that ever bounced, those still to recover (`bounced`),
 * recovered, waived, written off, and Σ their amounts (paise).
 */
export type BounceStats = {
  total: number;
  pending: number;
  recovered: number;
  waived: number;
  writtenOff: number;
  amount: number;
};

type StatsRow = Record<'total' | 'pending' | 'recovered' | 'waived' | 'writtenOff' | 'amount', string>;

/** A row of the cards' sums (as text) as the cards, zeros when there is none. */
export const bounceStatsOf = (row: StatsRow | undefined): BounceStats => ({
  total: Number(row?.total ?? 0),
  pending: Number(row?.pending ?? 0),
  recovered: Number(row?.recovered ?? 0),
  waived: Number(row?.waived ?? 0),
  writtenOff: Number(row?.writtenOff ?? 0),
  amount: Number(row?.amount ?? 0),
});

/**
 * The cards over every EMI that ever bounced, from `emi_bounce_totals` (kept per bounce status by a
 * trigger on `emis`): 32 rows at most instead of every such EMI.
 */
export const keptBounceStats = async (db: Executor): Promise<BounceStats> => {
  const t = emiBounceTotals;
  const countOf = (status: string) =>
    sql<string>`coalesce(sum(${t.emis}) filter (where ${t.bounceStatus} = ${status}), 0)::text`;
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${t.emis}), 0)::text`,
      pending: countOf('bounced'),
      recovered: countOf('recovered'),
      waived: countOf('waived'),
      writtenOff: countOf('written_off'),
      amount: sql<string>`coalesce(sum(${t.amount}), 0)::text`,
    })
    .from(t);
  return bounceStatsOf(row);
};

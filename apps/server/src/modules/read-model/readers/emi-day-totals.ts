import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { firstRow } from '../../../db/sql';

/**
 * The readers of `emi-day-totals` (figures/emi-day-totals.ts): the approved loans' EMIs per date, as
 * folded by the projector. "Open" EMIs are those not yet settled: pending ones and the current
 * bounced one (the bounced EMI whose dues still sit on it). The caller settles the figure first
 * (`settleFigure(db, 'emi-day-totals')`). Money is answered in paise.
 */

const num = (value: unknown): number => Number(value ?? 0);

/** Open EMIs of approved loans: all of them, those due before a day, and those due on it (day totals). */
export const openEmiFigures = async (db: Executor, today: string) => {
  const row = await firstRow(
    db,
    sql`select coalesce(sum(t.open_count), 0) as open_count, coalesce(sum(t.open_amount), 0)::text as open_amount,
      coalesce(sum(t.open_count) filter (where t.emi_date < ${today}::date), 0) as overdue_count,
      coalesce(sum(t.open_amount) filter (where t.emi_date < ${today}::date), 0)::text as overdue_amount,
      coalesce(sum(t.open_count) filter (where t.emi_date = ${today}::date), 0) as today_count,
      coalesce(sum(t.open_amount) filter (where t.emi_date = ${today}::date), 0)::text as today_amount
    from emi_day_totals t`,
  );
  return {
    openCount: num(row.open_count),
    openAmount: num(row.open_amount),
    overdueCount: num(row.overdue_count),
    overdueAmount: num(row.overdue_amount),
    todayOpenCount: num(row.today_count),
    todayOpenAmount: num(row.today_amount),
  };
};

/** EMIs of approved loans dated on a day, whatever their state (foreclosed ones are no longer due). */
export const emisDueOn = async (db: Executor, day: string): Promise<number> => {
  const row = await firstRow(
    db,
    sql`select coalesce(sum(t.due_count), 0) as count from emi_day_totals t where t.emi_date = ${day}::date`,
  );
  return num(row.count);
};

/** Open instalments and charges of approved loans due from `from` through each of the given last days. */
export const inflowsThrough = async (
  db: Executor,
  from: string,
  throughs: readonly string[],
): Promise<number[]> => {
  const last = throughs.reduce((a, b) => (a > b ? a : b), from);
  const sums = throughs.map(
    (through, i) =>
      sql`coalesce(sum(t.open_amount) filter (where t.emi_date <= ${through}::date), 0)::text as ${sql.raw(`through_${i}`)}`,
  );
  const row = await firstRow(
    db,
    sql`select ${sql.join(sums, sql`, `)}
    from emi_day_totals t where t.emi_date between ${from}::date and ${last}::date`,
  );
  return throughs.map((_, i) => num(row[`through_${i}`]));
};

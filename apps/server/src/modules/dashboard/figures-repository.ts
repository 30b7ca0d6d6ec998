import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { lentLoanSql, rowsOf } from '../../db/sql';

/**
 * The dashboard's figures as SQL aggregates over the ledger and the EMI table (nothing is summed in
 * Node). Money is answered in paise as text (bigint sums) and converted by the service.
 *
 * "Lent" loans are those money has moved on: approved, closed or default. "Open" EMIs are those not
 * yet settled: pending ones and the current bounced one (the bounced EMI whose dues still sit on it);
 * their day totals and the ledger's are kept by triggers (migration 0016_day_totals).
 */
const LENT = lentLoanSql(sql`l`);

type Raw = Record<string, string | number | null>;
const num = (value: unknown): number => Number(value ?? 0);
const firstRow = async (db: Executor, query: SQL): Promise<Raw> =>
  rowsOf<Raw>(await db.execute(query))[0] ?? {};

/**
 * Principal lent: the loan amount of every lent loan (the per-status totals kept by a trigger,
 * migration 0028_report_counts: three rows, not every loan), and of those starting inside a window
 * (a range of the start-date index).
 */
export const principalLent = async (db: Executor, starting: { from: string; through: string }) => {
  const [all, window] = await Promise.all([
    firstRow(
      db,
      sql`select coalesce(sum(t.amount), 0)::text as total from loan_status_totals t where ${lentLoanSql(sql`t`)}`,
    ),
    firstRow(
      db,
      sql`select coalesce(sum(l.loan_amount), 0)::text as in_window, count(*) as count_in_window
      from loans l where l.start_date between ${starting.from}::date and ${starting.through}::date and ${LENT}`,
    ),
  ]);
  return {
    total: num(all.total),
    inWindow: num(window.in_window),
    countInWindow: num(window.count_in_window),
  };
};

/** Lent loans starting in this month and in last month. */
export const lentLoansByMonth = async (
  db: Executor,
  months: { lastStart: string; currentStart: string; nextStart: string },
) => {
  const row = await firstRow(
    db,
    sql`select count(*) filter (where l.start_date >= ${months.currentStart}::date and l.start_date < ${months.nextStart}::date) as current,
      count(*) filter (where l.start_date >= ${months.lastStart}::date and l.start_date < ${months.currentStart}::date) as last
    from loans l where ${LENT} and l.start_date >= ${months.lastStart}::date and l.start_date < ${months.nextStart}::date`,
  );
  return { current: num(row.current), last: num(row.last) };
};

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

/** Users of a role created in this IST month and in last month (bounds are UTC instants). */
export const usersCreatedByMonth = async (
  db: Executor,
  role: string,
  bounds: { lastStart: Date; currentStart: Date; nextStart: Date },
) => {
  const row = await firstRow(
    db,
    sql`select count(*) filter (where u.created_at >= ${bounds.currentStart.toISOString()}::timestamptz) as current,
      count(*) filter (where u.created_at < ${bounds.currentStart.toISOString()}::timestamptz) as last
    from users u join roles r on r.id = u.role_id
    where lower(r.name) = ${role} and u.created_at >= ${bounds.lastStart.toISOString()}::timestamptz
      and u.created_at < ${bounds.nextStart.toISOString()}::timestamptz`,
  );
  return { current: num(row.current), last: num(row.last) };
};

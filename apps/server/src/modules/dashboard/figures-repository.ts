import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { firstRow, lentLoanSql } from '../../db/sql';
import { keptLentPrincipal } from '../read-model';

/**
 * The dashboard's figures as SQL aggregates over the loans and users (nothing is summed in Node); the
 * figures kept beside them (the EMI day totals, the lent principal) are the read model's readers.
 * Money is answered in paise as text (bigint sums) and converted by the service.
 *
 * "Lent" loans are those money has moved on: approved, closed or default.
 */
const LENT = lentLoanSql(sql`l`);

const num = (value: unknown): number => Number(value ?? 0);

/**
 * Principal lent: the loan amount of every lent loan (the read model's per-status totals,
 * `keptLentPrincipal`: three rows, not every loan), and of those starting inside a window (a range of
 * the start-date index).
 */
export const principalLent = async (db: Executor, starting: { from: string; through: string }) => {
  const [total, window] = await Promise.all([
    keptLentPrincipal(db),
    firstRow(
      db,
      sql`select coalesce(sum(l.loan_amount), 0)::text as in_window, count(*) as count_in_window
      from loans l where l.start_date between ${starting.from}::date and ${starting.through}::date and ${LENT}`,
    ),
  ]);
  return {
    total,
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

import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/sql';

/**
 * Whether loan `l` is one a holiday on `day` can reach: made from a product (a loan without one is
 * collected every calendar day), still running (not closed or defaulted), not ended before the day,
 * and collecting on it under its own calendar.
 */
const reachable = (day: string) => sql`l.product_id is not null and l.status not in ('closed', 'default')
    and l.end_date >= ${day}::date and calendar_collects(${day}::date, l.off_days, l.skipped_days)`;

/** The loans a holiday on `day` reaches: reachable ones with an instalment still pending on or after it. */
const reached = (day: string) => sql`
  select l.id from loans l
  where ${reachable(day)}
    and exists (select 1 from emis e where e.loan_id = l.id and e.emi_date >= ${day}::date and e.status = 'pending')`;

/**
 * Each pending instalment on or after the day and where its number falls once the day is skipped:
 * the n-th collection day from the loan's start, by the same calendar rule its schedule was made with.
 * Paid, part-paid and bounced instalments never move.
 */
const moves = (day: string, loans: ReturnType<typeof sql>) => sql`
  select m.loan_id, m.emi_number, m.from_date, m.to_date from (
    select e.loan_id, e.emi_number, e.emi_date as from_date,
      calendar_emi_day(l.start_date, l.off_days, array_append(l.skipped_days, ${day}::date), e.emi_number) as to_date
    from (${loans}) r join loans l on l.id = r.id join emis e on e.loan_id = l.id
    where e.emi_date >= ${day}::date and e.status = 'pending') m
  where m.to_date <> m.from_date`;

/**
 * How many loans and instalments a holiday would move, without moving them: every pending instalment
 * on or after the day of a loan it reaches moves (one collection day fewer before it puts its number
 * on a later day), so the count needs no new dates, only the instalments.
 */
export const countMoves = async (db: Executor, day: string): Promise<{ loans: number; emis: number }> => {
  const result = await db.execute(sql`
    select count(distinct e.loan_id)::integer as loans, count(*)::integer as emis
    from emis e join loans l on l.id = e.loan_id
    where e.emi_date >= ${day}::date and e.status = 'pending' and ${reachable(day)}`);
  const row = rowsOf<{ loans: number | string; emis: number | string }>(result)[0];
  return { loans: Number(row?.loans ?? 0), emis: Number(row?.emis ?? 0) };
};

/** A move as the preview lists it. */
export type MoveSample = {
  loan_id: number;
  loan_code: string;
  customer_name: string;
  emi_number: number;
  from: string;
  to: string;
};

/** The first `limit` moves in loan and instalment order, for the preview. */
export const sampleMoves = async (db: Executor, day: string, limit: number): Promise<MoveSample[]> => {
  const result = await db.execute(sql`
    select x.loan_id, l.loan_code, u.name as customer_name, x.emi_number,
      to_char(x.from_date, 'YYYY-MM-DD') as "from", to_char(x.to_date, 'YYYY-MM-DD') as "to"
    from (${moves(day, sql`${reached(day)} order by l.id limit ${limit}`)}) x
      join loans l on l.id = x.loan_id join users u on u.id = l.customer_id
    order by x.loan_id, x.emi_number limit ${limit}`);
  return rowsOf<MoveSample>(result).map((row) => ({ ...row, loan_id: Number(row.loan_id) }));
};

/** How many loans one step of a holiday's job moves: one transaction, locks held for a moment. */
export const MOVE_BATCH_LOANS = 500;

/**
 * One step of a holiday's moves, in the caller's transaction: the next `limit` loans it still reaches,
 * locked in id order (as a payment locks its loan, so the two never wait on each other crosswise);
 * every move recorded, the instalments moved, each loan made to skip the day with its end date moved to
 * its schedule's last collection day, and the day's counts raised. A loan moved already skips the day, so it is
 * not reached again: a step repeated after a crash moves nothing twice. No money moves.
 */
export const moveBatch = async (
  tx: Executor,
  day: string,
  limit: number,
  now: Date,
): Promise<{ loans: number; emis: number }> => {
  const batch = sql`select id from loans where id in (${reached(day)}) order by id limit ${limit} for update`;
  const ids = rowsOf<{ id: number }>(await tx.execute(batch)).map((row) => Number(row.id));
  if (ids.length === 0) return { loans: 0, emis: 0 };
  const chosen = sql`select unnest(${`{${ids.join(',')}}`}::integer[]) as id`;
  await tx.execute(sql`
    insert into holiday_moves (holiday_date, loan_id, emi_number, from_date, to_date)
    select ${day}::date, m.loan_id, m.emi_number, m.from_date, m.to_date from (${moves(day, chosen)}) m
    order by m.loan_id, m.emi_number`);
  const stamp = sql`${now.toISOString()}::timestamptz`;
  const result = await tx.execute(sql`
    with moved as (
      update emis e set emi_date = m.to_date, updated_at = ${stamp}
      from holiday_moves m
      where m.holiday_date = ${day}::date and m.loan_id = any (${`{${ids.join(',')}}`}::integer[])
        and e.loan_id = m.loan_id and e.emi_number = m.emi_number
      returning e.loan_id)
    select count(*)::integer as emis from moved`);
  const emis = Number(rowsOf<{ emis: number | string }>(result)[0]?.emis ?? 0);
  // Every chosen loan skips the day (each had a pending instalment on or after it, which moved); its end
  // date is its schedule's last collection day, where its last instalment falls unless paid ahead.
  await tx.execute(sql`
    update loans l set skipped_days = array_append(l.skipped_days, ${day}::date),
      end_date = calendar_emi_day(l.start_date, l.off_days, array_append(l.skipped_days, ${day}::date), l.total_emi_days),
      updated_at = ${stamp}
    where l.id = any (${`{${ids.join(',')}}`}::integer[])`);
  await tx.execute(sql`
    update holidays set loans_moved = loans_moved + ${ids.length}, emis_moved = emis_moved + ${emis}
    where date = ${day}::date`);
  return { loans: ids.length, emis };
};

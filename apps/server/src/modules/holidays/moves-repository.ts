import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/sql';

/**
 * The loans a holiday on `day` reaches: made from a product (a loan without one is collected every
 * calendar day), still running (not closed or defaulted), collecting on that day under their own
 * calendar, with an instalment still pending on or after it.
 */
const reached = (day: string) => sql`
  select l.id from loans l
  where l.product_id is not null and l.status not in ('closed', 'default')
    and l.end_date >= ${day}::date and calendar_collects(${day}::date, l.off_days, l.skipped_days)
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

/** How many loans and instalments a holiday would move, without moving them. */
export const countMoves = async (db: Executor, day: string): Promise<{ loans: number; emis: number }> => {
  const result = await db.execute(sql`
    select count(distinct loan_id)::integer as loans, count(*)::integer as emis from (${moves(day, reached(day))}) x`);
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

/**
 * Declares the move in the caller's transaction: locks the loans reached in id order (as a payment
 * locks its loan, so the two never wait on each other crosswise), records every move, moves the
 * instalments, and has each loan skip the day with its end date set to its last instalment's.
 * Answers the counts. No money moves: the ledger is untouched.
 */
export const applyMoves = async (
  tx: Executor,
  day: string,
  now: Date,
): Promise<{ loans: number; emis: number }> => {
  await tx.execute(sql`select id from loans where id in (${reached(day)}) order by id for update`);
  await tx.execute(sql`
    insert into holiday_moves (holiday_date, loan_id, emi_number, from_date, to_date)
    select ${day}::date, m.loan_id, m.emi_number, m.from_date, m.to_date from (${moves(day, reached(day))}) m
    order by m.loan_id, m.emi_number`);
  await tx.execute(sql`
    update emis e set emi_date = m.to_date, updated_at = ${now.toISOString()}::timestamptz
    from holiday_moves m
    where m.holiday_date = ${day}::date and e.loan_id = m.loan_id and e.emi_number = m.emi_number`);
  const result = await tx.execute(sql`
    with moved as (select loan_id, count(*)::integer as emis from holiday_moves
      where holiday_date = ${day}::date group by loan_id),
    updated as (
      update loans l set skipped_days = array_append(l.skipped_days, ${day}::date),
        end_date = (select max(e.emi_date) from emis e where e.loan_id = l.id),
        updated_at = ${now.toISOString()}::timestamptz
      from moved where l.id = moved.loan_id
      returning l.id)
    select (select count(*)::integer from updated) as loans, coalesce((select sum(emis) from moved), 0)::integer as emis`);
  const row = rowsOf<{ loans: number | string; emis: number | string }>(result)[0];
  return { loans: Number(row?.loans ?? 0), emis: Number(row?.emis ?? 0) };
};

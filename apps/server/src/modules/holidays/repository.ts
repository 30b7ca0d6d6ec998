import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type HolidayRow, holidays, users } from '../../db/schema';
import { rowsOf } from '../../db/sql';

export type { HolidayRow };
export type HolidayWithDeclarer = { holiday: HolidayRow; declaredByName: string | null };

/** The holiday dates from `from` on: what a new schedule from that day must skip. */
export const holidayDatesFrom = async (db: Executor, from: string): Promise<string[]> => {
  const rows = await db
    .select({ date: holidays.date })
    .from(holidays)
    .where(gte(holidays.date, from))
    .orderBy(asc(holidays.date));
  return rows.map((row) => row.date);
};

/** One calendar year's holidays in date order, with who declared each. */
export const listHolidays = (db: Executor, from: string, to: string): Promise<HolidayWithDeclarer[]> =>
  db
    .select({ holiday: holidays, declaredByName: users.name })
    .from(holidays)
    .leftJoin(users, eq(users.id, holidays.declaredBy))
    .where(and(gte(holidays.date, from), lte(holidays.date, to)))
    .orderBy(asc(holidays.date));

export const findHoliday = async (db: Executor, date: string): Promise<HolidayWithDeclarer | undefined> => {
  const [row] = await db
    .select({ holiday: holidays, declaredByName: users.name })
    .from(holidays)
    .leftJoin(users, eq(users.id, holidays.declaredBy))
    .where(eq(holidays.date, date));
  return row;
};

/** Adds the day to the list; false when it is already there (the unique day decides, not a read). */
export const insertHoliday = async (
  tx: Executor,
  values: { date: string; name: string; declaredBy: number; createdAt: Date },
): Promise<boolean> => {
  const rows = await tx
    .insert(holidays)
    .values(values)
    .onConflictDoNothing()
    .returning({ date: holidays.date });
  return rows.length === 1;
};

/** Names the job that moves the day's instalments. */
export const setHolidayJob = (tx: Executor, date: string, jobId: number) =>
  tx.update(holidays).set({ jobId }).where(eq(holidays.date, date));

/** Removes the day; only a holiday that moved nothing and that no schedule skips may go. */
export const deleteHoliday = (tx: Executor, date: string) =>
  tx.delete(holidays).where(eq(holidays.date, date));

/** Whether any loan's schedule skips the day (it moved it, or the loan was made after it was declared). */
export const isSkippedByAnyLoan = async (db: Executor, date: string): Promise<boolean> => {
  const result = await db.execute(
    sql`select exists (select 1 from loans where ${date}::date = any (skipped_days)) as found`,
  );
  return rowsOf<{ found: boolean }>(result)[0]?.found === true;
};

import type { Emi } from '@lending/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { creditEvents, type EmiRow, emis, loanLedger, users } from '../../db/schema';

export type { EmiRow };

/** Rows as one JSON parameter: a whole schedule (up to 3650 EMIs) is one statement, not 3650. */
const json = (rows: readonly object[]) => sql`${JSON.stringify(rows)}::jsonb`;

/** Writes a fresh schedule in one statement. */
export const insertSchedule = async (tx: Executor, loanId: number, schedule: readonly Emi[], now: Date) => {
  if (schedule.length === 0) return;
  const rows = schedule.map((emi) => ({ n: emi.emi_number, d: emi.emi_date, a: emi.amount }));
  await tx.execute(sql`
    insert into emis (loan_id, emi_number, emi_date, amount, created_at, updated_at)
    select ${loanId}, x.n, x.d, x.a, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${json(rows)}) as x(n integer, d date, a bigint)`);
};

/** Removes a loan's EMIs before its schedule is rewritten (their money history stays in the ledger). */
export const deleteEmis = async (tx: Executor, loanId: number) => {
  await tx.delete(emis).where(eq(emis.loanId, loanId));
};

export const listEmis = (db: Executor, loanId: number): Promise<EmiRow[]> =>
  db.select().from(emis).where(eq(emis.loanId, loanId)).orderBy(asc(emis.emiNumber));

/** Clears a loan's credit events (its schedule was rewritten); answers how many there were. */
export const deleteCreditEvents = async (tx: Executor, loanId: number): Promise<number> => {
  const deleted = await tx
    .delete(creditEvents)
    .where(eq(creditEvents.loanId, loanId))
    .returning({ id: creditEvents.id });
  return deleted.length;
};

/** The latest schedule rewrite that moved collected money into credit held: its day, moment and actor. */
export const latestCreditSource = async (
  db: Executor,
  loanId: number,
): Promise<{ businessDate: string | null; at: Date; byName: string | null } | null> => {
  const [row] = await db
    .select({ businessDate: loanLedger.businessDate, at: loanLedger.createdAt, byName: users.name })
    .from(loanLedger)
    .leftJoin(users, eq(users.id, loanLedger.actorId))
    .where(and(eq(loanLedger.loanId, loanId), eq(loanLedger.kind, 'credit')))
    .orderBy(desc(loanLedger.id))
    .limit(1);
  return row ?? null;
};

/** A schedule in a line: its first instalment's day and how many it has; null without one. */
export const scheduleOutline = async (
  db: Executor,
  loanId: number,
): Promise<{ firstDueOn: string; emiCount: number } | null> => {
  const [row] = await db
    .select({
      firstDueOn: sql<string | null>`min(${emis.emiDate})::text`,
      emiCount: sql<number>`count(*)::int`,
    })
    .from(emis)
    .where(eq(emis.loanId, loanId));
  return row?.firstDueOn ? { firstDueOn: row.firstDueOn, emiCount: Number(row.emiCount) } : null;
};

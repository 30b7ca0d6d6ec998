import { and, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idempotencyKeys, loginAttempts } from '../../db/schema';

export const deleteIdempotencyKeysBefore = async (db: Executor, before: Date): Promise<number> =>
  (
    await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, before))
      .returning({ key: idempotencyKeys.key })
  ).length;

/** Sign-in counters whose window and lock have both passed carry no information any more. */
export const deleteStaleLoginAttempts = async (
  db: Executor,
  windowBefore: Date,
  now: Date,
): Promise<number> =>
  (
    await db
      .delete(loginAttempts)
      .where(
        and(
          lt(loginAttempts.windowStartedAt, windowBefore),
          or(isNull(loginAttempts.lockedUntil), lt(loginAttempts.lockedUntil, now)),
        ),
      )
      .returning({ key: loginAttempts.key })
  ).length;

/**
 * A transaction-level advisory lock: of N API processes only one runs the job at a time, and the lock
 * ends with the transaction (a session lock could be taken and released on different pooled connections).
 */
export const tryJobLock = async (tx: Executor, job: string): Promise<boolean> => {
  const result = await tx.execute(
    sql`select pg_try_advisory_xact_lock(hashtextextended(${`job:${job}`}, 0)) as locked`,
  );
  return (result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
};

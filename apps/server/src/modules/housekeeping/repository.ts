import { and, isNull, lt, or } from 'drizzle-orm';
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

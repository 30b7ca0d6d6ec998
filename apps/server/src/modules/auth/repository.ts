import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loginAttempts, passwordResetTokens } from '../../db/schema';

export const insertResetToken = async (db: Executor, values: typeof passwordResetTokens.$inferInsert) => {
  await db.insert(passwordResetTokens).values(values);
};

/**
 * Marks an unused, unexpired reset token as used and returns its user; null when there is none.
 * One UPDATE, so two concurrent resets with the same token cannot both succeed.
 */
export const consumeResetToken = async (
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<number | null> => {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
};

/** Ends every unused reset token of a user: one live link at a time, none after a reset or a change. */
export const revokeResetTokens = async (db: Executor, userId: number, now: Date) => {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
};

export type AttemptState = { failures: number; lockedUntil: Date | null };

export const readAttempts = async (db: Executor, key: string, windowStart: Date): Promise<AttemptState> => {
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.key, key)).limit(1);
  if (!row) return { failures: 0, lockedUntil: null };
  const expired = row.windowStartedAt < windowStart;
  return { failures: expired ? 0 : row.failures, lockedUntil: row.lockedUntil };
};

/** Counts one failure atomically, restarting the window when the previous one has passed. */
export const recordFailure = async (
  db: Executor,
  key: string,
  now: Date,
  windowStart: Date,
): Promise<number> => {
  const [row] = await db
    .insert(loginAttempts)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${loginAttempts.windowStartedAt} < ${windowStart} then 1 else ${loginAttempts.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginAttempts.windowStartedAt} < ${windowStart} then ${now} else ${loginAttempts.windowStartedAt} end`,
      },
    })
    .returning({ failures: loginAttempts.failures });
  return row?.failures ?? 1;
};

export const lockKey = async (db: Executor, key: string, until: Date) => {
  await db.update(loginAttempts).set({ lockedUntil: until }).where(eq(loginAttempts.key, key));
};

export const clearAttempts = async (db: Executor, key: string) => {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
};

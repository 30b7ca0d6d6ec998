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

export type Claim = { attempt: number; lockedUntil: Date | null };

/**
 * Claims one sign-in attempt for an account in a single statement (INSERT … ON CONFLICT DO UPDATE …
 * RETURNING, which the database runs under the row's lock), so parallel attempts each get their own
 * number and no more than `max` of them can be evaluated. The attempt that reaches `max` sets the
 * lock; attempts while locked keep counting past `max` and are refused. A passed lock or window
 * starts the count again.
 */
export const claimAttempt = async (
  db: Executor,
  key: string,
  options: { now: Date; windowStart: Date; max: number; lockUntil: Date },
): Promise<Claim> => {
  const { now, windowStart, max, lockUntil } = options;
  const t = loginAttempts;
  const restart = sql`((${t.lockedUntil} is not null and ${t.lockedUntil} <= ${now}) or (${t.lockedUntil} is null and ${t.windowStartedAt} < ${windowStart}))`;
  const next = sql`(case when ${restart} then 1 else ${t.failures} + 1 end)`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: max <= 1 ? lockUntil : null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: next,
        windowStartedAt: sql`case when ${restart} then ${now} else ${t.windowStartedAt} end`,
        lockedUntil: sql`case when ${t.lockedUntil} > ${now} then ${t.lockedUntil} when ${next} >= ${max} then cast(${lockUntil} as timestamptz) else null end`,
      },
    })
    .returning({ attempt: t.failures, lockedUntil: t.lockedUntil });
  if (!row) throw new Error('claiming a sign-in attempt answered nothing');
  return row;
};

/**
 * Adds `amount` to a counter atomically, restarting it when its window has passed; answers the new
 * total and when its window started.
 */
export const addToWindow = async (
  db: Executor,
  key: string,
  amount: number,
  now: Date,
  windowStart: Date,
): Promise<{ total: number; windowStartedAt: Date }> => {
  const [row] = await db
    .insert(loginAttempts)
    .values({ key, failures: amount, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures: sql`case when ${loginAttempts.windowStartedAt} < ${windowStart} then ${amount} else ${loginAttempts.failures} + ${amount} end`,
        windowStartedAt: sql`case when ${loginAttempts.windowStartedAt} < ${windowStart} then ${now} else ${loginAttempts.windowStartedAt} end`,
      },
    })
    .returning({ total: loginAttempts.failures, windowStartedAt: loginAttempts.windowStartedAt });
  if (!row) throw new Error('counting answered nothing');
  return row;
};

/** Counts one failure atomically, restarting the window when the previous one has passed. */
export const recordFailure = async (
  db: Executor,
  key: string,
  now: Date,
  windowStart: Date,
): Promise<number> => (await addToWindow(db, key, 1, now, windowStart)).total;

export const lockKey = async (db: Executor, key: string, until: Date) => {
  await db.update(loginAttempts).set({ lockedUntil: until }).where(eq(loginAttempts.key, key));
};

export const clearAttempts = async (db: Executor, key: string) => {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
};

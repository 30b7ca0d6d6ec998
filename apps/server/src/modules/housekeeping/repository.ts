import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { idempotencyKeys, jobRuns, loginAttempts } from '../../db/schema';

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

/** A job's last run, as the system status reads it. */
export type JobRun = {
  name: string;
  lastRunAt: Date;
  lastOutcome: string;
  lastError: string | null;
  runs: number;
};

/** Records a job's run (the newest replaces the one before; `runs` counts them). */
export const recordJobRun = async (
  db: Executor,
  run: { name: string; at: Date; outcome: 'ok' | 'failed'; error: string | null },
): Promise<void> => {
  await db
    .insert(jobRuns)
    .values({ name: run.name, lastRunAt: run.at, lastOutcome: run.outcome, lastError: run.error })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: {
        lastRunAt: run.at,
        lastOutcome: run.outcome,
        lastError: run.error,
        runs: sql`${jobRuns.runs} + 1`,
      },
    });
};

export const findJobRun = async (db: Executor, name: string): Promise<JobRun | null> => {
  const [row] = await db.select().from(jobRuns).where(eq(jobRuns.name, name));
  return row ?? null;
};

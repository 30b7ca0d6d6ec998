import type { JobKind } from '@lending/domain';
import { eq, sql } from 'drizzle-orm';
import { vi } from 'vitest';
import type { Db } from '../../src/db/client';
import { type JobRow, jobs } from '../../src/db/schema';
import { rowsOf } from '../../src/db/sql';
import type { JobContext, JobOutcome, JobRunner } from '../../src/modules/jobs';

/** What a scripted job does on each attempt, chosen by its key. */
export type Script = (context: JobContext) => Promise<JobOutcome>;

/**
 * A runner of `kind` whose runs do what the test scripted for their job's key, counting the attempts
 * each job id got (across every queue the runner is given to).
 */
export const scriptedRunner = (
  kind: JobKind,
  rules: Pick<JobRunner, 'retryLimit' | 'retryDelaySeconds' | 'leaseSeconds'>,
) => {
  const scripts = new Map<string, Script>();
  const runs = new Map<number, number>();
  const runner: JobRunner = {
    kind,
    ...rules,
    run: async (context) => {
      runs.set(context.jobId, (runs.get(context.jobId) ?? 0) + 1);
      const script = scripts.get(context.key);
      if (!script) throw new Error(`no script for ${context.key}`);
      return script(context);
    },
  };
  return {
    runner,
    runs,
    script: (key: string, script: Script) => void scripts.set(key, script),
  };
};

/** A promise a test resolves when it has seen what it waited for. */
export const gate = <T = void>() => {
  let open: (value: T) => void = () => {};
  const opened = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { open, opened };
};

/** Tuning that keeps a test's queue quick: short polls and maintenance every second. */
export const QUICK_QUEUE = { pollIntervalMs: 50, maintenanceIntervalSeconds: 1, stopGraceMs: 2000 } as const;

export const jobRow = async (db: Db, id: number): Promise<JobRow> => {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`no job ${id}`);
  return row;
};

/** Waits until the job's row satisfies `check`; answers the row. */
export const jobReaches = (db: Db, id: number, check: (row: JobRow) => boolean, timeout = 20_000) =>
  vi.waitFor(
    async () => {
      const row = await jobRow(db, id);
      if (!check(row)) throw new Error(`job ${id} is ${row.status} (attempt ${row.attempts})`);
      return row;
    },
    { timeout, interval: 50 },
  );

/** pg-boss's record of a delivery: its state and, for a retry, the seconds between its start and its next. */
export type BossJobRow = {
  state: string;
  retry_count: number;
  retry_delay: number;
  retry_backoff: boolean;
  wait_seconds: number;
};

export const bossJob = async (db: Db, bossJobId: string): Promise<BossJobRow | null> =>
  rowsOf<BossJobRow>(
    await db.execute(
      sql`select state::text as state, retry_count, retry_delay, retry_backoff,
            extract(epoch from start_after - started_on)::float8 as wait_seconds
          from pgboss.job where id = ${bossJobId}::uuid`,
    ),
  )[0] ?? null;

/** Waits until pg-boss holds the delivery in `state`; answers its record. */
export const bossJobReaches = (db: Db, bossJobId: string, state: string, timeout = 20_000) =>
  vi.waitFor(
    async () => {
      const row = await bossJob(db, bossJobId);
      if (row?.state !== state) throw new Error(`boss job ${bossJobId} is ${row?.state}`);
      return row;
    },
    { timeout, interval: 50 },
  );

/** Makes a waiting retry due now: the backoff was checked, the test need not sit through it. */
export const skipRetryWait = async (db: Db, bossJobId: string) => {
  await db.execute(sql`update pgboss.job set start_after = now() where id = ${bossJobId}::uuid`);
};

import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { claimJob, failUnfinishedJob, finishJob, recordFailedAttempt, writeProgress } from './repository';
import type { JobContext, JobOutcome, JobRunner } from './runner';

/** What pg-boss carries for each job: our row's id (the row holds the rest). */
export type BossData = { jobId: number };
export type Delivery = PgBoss.JobWithMetadata<Partial<BossData>>;

/** What running a delivery needs from its queue. */
export type AttemptEnv = {
  db: Db;
  deps: AppDeps;
  log: FastifyBaseLogger;
  boss: PgBoss;
  progressIntervalMs: number;
  /** The attempts running now, aborted when the queue stops with them still running. */
  running: Set<AbortController>;
};

const ERROR_MAX_LENGTH = 1000;

const describe = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX_LENGTH) || 'Failed';

/** pg-boss's answer is a courtesy: a lost one ends in a lease expiry and a stale delivery, which does nothing. */
const tell = async (env: AttemptEnv, what: string, call: () => Promise<unknown>) => {
  try {
    await call();
  } catch (error) {
    env.log.warn({ err: error }, `job queue: pg-boss ${what} failed`);
  }
};

/** Progress writes at most every `intervalMs`; the last value reported is written with the outcome. */
const progressOf = (env: AttemptEnv, id: number, attempt: number) => {
  const latest = { done: 0, total: null as number | null };
  let lastWrite = 0;
  return {
    latest,
    report: async (done: number, total?: number | null) => {
      latest.done = Math.max(0, Math.trunc(done));
      if (total !== undefined) latest.total = total === null ? null : Math.max(0, Math.trunc(total));
      const now = Date.now();
      if (now - lastWrite < env.progressIntervalMs) return;
      lastWrite = now;
      await writeProgress(env.db, id, attempt, latest.done, latest.total);
    },
  };
};

/** Runs the attempt until it answers or its signal aborts (lease run out, server stopping). */
const runUntilAborted = async (runner: JobRunner, context: JobContext): Promise<JobOutcome> => {
  const { signal } = context;
  const aborted = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  // An abandoned run may still fail later (or the abort never come): neither is an unhandled rejection.
  aborted.catch(() => {});
  const run = Promise.resolve().then(() => runner.run(context));
  run.catch(() => {});
  return Promise.race([run, aborted]);
};

/**
 * One delivery of a job: starts an attempt if our row is still queued or running (a delivery of a
 * finished job does nothing), runs it within its lease, and records the outcome in our row first,
 * then tells pg-boss (which schedules the retry, with its backoff, or gives the job up).
 */
export const runDelivery = async (env: AttemptEnv, runner: JobRunner, delivery: Delivery) => {
  const jobId = delivery.data?.jobId;
  const row = Number.isInteger(jobId)
    ? await claimJob(env.db, jobId as number, delivery.id, runner.retryLimit + 1)
    : null;
  if (!row) {
    env.log.info({ kind: runner.kind, jobId, bossJobId: delivery.id }, 'job queue: stale delivery ignored');
    await tell(env, 'complete', () => env.boss.complete(runner.kind, delivery.id));
    return;
  }
  const attempt = row.attempts;
  const log = env.log.child({ job: row.id, kind: row.kind, attempt });
  const progress = progressOf(env, row.id, attempt);
  const controller = new AbortController();
  const lease = setTimeout(
    () => controller.abort(new Error(`Ran past its lease of ${runner.leaseSeconds} s`)),
    runner.leaseSeconds * 1000,
  );
  env.running.add(controller);
  let outcome: JobOutcome | null = null;
  let failure: unknown = null;
  try {
    outcome = await runUntilAborted(runner, {
      jobId: row.id,
      key: row.key,
      payload: row.payload,
      startedBy: row.startedBy,
      attempt,
      reportProgress: progress.report,
      signal: controller.signal,
      log,
      deps: env.deps,
    });
  } catch (error) {
    failure = error;
  } finally {
    clearTimeout(lease);
    env.running.delete(controller);
  }
  if (outcome) {
    const result = outcome.file
      ? { summary: outcome.summary, file: outcome.file }
      : { summary: outcome.summary };
    const recorded = await finishJob(env.db, row.id, attempt, result, progress.latest);
    if (!recorded) log.warn('job queue: the attempt finished after losing the job; its result is dropped');
    else log.info({ summary: outcome.summary }, 'job succeeded');
    await tell(env, 'complete', () =>
      env.boss.complete(runner.kind, delivery.id, { summary: outcome.summary }),
    );
    return;
  }
  const message = describe(failure);
  const final = attempt >= row.maxAttempts;
  await recordFailedAttempt(env.db, row.id, attempt, message, final);
  log.warn(
    { err: failure },
    final ? 'job failed: no attempts left' : 'job attempt failed; it will be retried',
  );
  await tell(env, 'fail', () => env.boss.fail(runner.kind, delivery.id, { message }));
};

const LEASE_EXPIRED = 'job failed by timeout in active state';

/** Our words for why pg-boss gave a job up, from the output of its last failure. */
export const deadLetterMessage = (output: unknown): string => {
  const failure = output as { message?: unknown; value?: { message?: unknown } } | null;
  const message = failure?.message ?? failure?.value?.message;
  if (message === LEASE_EXPIRED)
    return 'Its last attempt ran out of its lease: the process running it stopped or stalled';
  return typeof message === 'string' ? message.slice(0, ERROR_MAX_LENGTH) : 'Given up after its last attempt';
};

/** A job pg-boss gave up (every attempt failed or ran out of its lease): failed in our row, if not finished. */
export const runDeadLetter = async (env: AttemptEnv, queue: string, delivery: Delivery) => {
  const jobId = delivery.data?.jobId;
  if (Number.isInteger(jobId)) {
    const error = deadLetterMessage(delivery.output);
    if (await failUnfinishedJob(env.db, jobId as number, error))
      env.log.warn({ job: jobId, error }, 'job failed: given up by the queue');
  }
  await tell(env, 'complete', () => env.boss.complete(queue, delivery.id));
};

import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bossJob,
  bossJobReaches,
  gate,
  jobReaches,
  jobRow,
  QUICK_QUEUE,
  scriptedRunner,
  skipRetryWait,
} from '../../../test/support/jobs';
import { createTestApp } from '../../../test/support/test-app';
import { rowsOf } from '../../db/sql';
import { enqueueJob, type JobContext, type JobOutcome, type JobQueue, startJobQueue } from './index';

const t = await createTestApp();
const exports = scriptedRunner('export.everything', {
  retryLimit: 2,
  retryDelaySeconds: 1,
  leaseSeconds: 60,
});
// A short lease, for the attempt that runs past it.
const sweeps = scriptedRunner('housekeeping.sweep', { retryLimit: 1, retryDelaySeconds: 1, leaseSeconds: 1 });
let queue: JobQueue;

beforeAll(async () => {
  queue = await startJobQueue({
    database: t.database,
    deps: t.deps,
    log: pino({ level: 'silent' }),
    runners: [exports.runner, sweeps.runner],
    ...QUICK_QUEUE,
    // Long enough that every progress report after the first waits for the outcome.
    progressIntervalMs: 60_000,
  });
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

const enqueueExport = (key: string, payload: unknown = {}) =>
  enqueueJob(t.db, { kind: 'export.everything', key, payload, startedBy: null });

describe('the job queue', () => {
  it('answers the first job when the same kind and key are enqueued again, and sends nothing new', async () => {
    exports.script('same-key', async () => ({ summary: 'once' }));
    const first = await enqueueExport('same-key', { part: 1 });
    const again = await enqueueExport('same-key', { part: 2 });
    expect(again).toMatchObject({ id: first.id, bossJobId: first.bossJobId, payload: { part: 1 } });
    expect(first).toMatchObject({ status: 'queued', attempts: 0, maxAttempts: 3 });
    await jobReaches(t.db, first.id, (row) => row.status === 'succeeded');
    const sent = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select count(*)::int as n from pgboss.job where data->>'jobId' = ${String(first.id)}`,
      ),
    );
    expect(sent[0]?.n).toBe(1);
    expect(exports.runs.get(first.id)).toBe(1);
  });

  it('records a successful run: its progress (throttled), result and timings', async () => {
    const [reported, checked, reportedMore, checkedMore] = [gate(), gate(), gate(), gate()];
    let seen: JobContext | undefined;
    exports.script('progress', async (context) => {
      seen = context;
      await context.reportProgress(3, 10);
      reported.open();
      await checked.opened;
      await context.reportProgress(7);
      reportedMore.open();
      await checkedMore.opened;
      await context.reportProgress(10);
      return { summary: 'Ten of ten', file: { storageKey: 'f.pdf', fileName: 'everything.pdf' } };
    });
    const job = await enqueueExport('progress', { scope: 'all' });
    await reported.opened;
    const running = await jobRow(t.db, job.id);
    expect(running).toMatchObject({ status: 'running', attempts: 1, progressDone: 3, progressTotal: 10 });
    expect(running.startedAt).not.toBeNull();
    expect(running.finishedAt).toBeNull();
    expect(seen).toMatchObject({ jobId: job.id, key: 'progress', payload: { scope: 'all' }, attempt: 1 });
    checked.open();
    await reportedMore.opened;
    // Within the interval of the first write: not written yet.
    expect(await jobRow(t.db, job.id)).toMatchObject({ progressDone: 3, progressTotal: 10 });
    checkedMore.open();
    const done = await jobReaches(t.db, job.id, (row) => row.status === 'succeeded');
    expect(done).toMatchObject({
      progressDone: 10,
      progressTotal: 10,
      error: null,
      result: { summary: 'Ten of ten', file: { storageKey: 'f.pdf', fileName: 'everything.pdf' } },
    });
    expect(done.startedAt?.getTime()).toBeGreaterThanOrEqual(done.createdAt.getTime());
    expect(done.finishedAt?.getTime()).toBeGreaterThanOrEqual(done.startedAt?.getTime() ?? Infinity);
    expect((await bossJob(t.db, job.bossJobId))?.state).toBe('completed');
  });

  it('retries a run that throws, each wait twice the last, then fails it with its last error', async () => {
    exports.script('flaky', async ({ attempt }) => {
      throw new Error(`attempt ${attempt} broke`);
    });
    const job = await enqueueExport('flaky');
    const first = await bossJobReaches(t.db, job.bossJobId, 'retry');
    expect(first).toMatchObject({ retry_count: 0, retry_delay: 1, retry_backoff: true });
    expect(first.wait_seconds).toBeGreaterThanOrEqual(1);
    expect(await jobRow(t.db, job.id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      error: 'attempt 1 broke',
    });
    await skipRetryWait(t.db, job.bossJobId);

    await jobReaches(t.db, job.id, (row) => row.attempts === 2 && row.status === 'queued');
    const second = await bossJobReaches(t.db, job.bossJobId, 'retry');
    expect(second.retry_count).toBe(1);
    // The second wait starts from twice the delay: 2 s at least.
    expect(second.wait_seconds).toBeGreaterThanOrEqual(2);
    await skipRetryWait(t.db, job.bossJobId);

    const failed = await jobReaches(t.db, job.id, (row) => row.status === 'failed');
    expect(failed).toMatchObject({ attempts: 3, maxAttempts: 3, error: 'attempt 3 broke', result: null });
    expect(failed.finishedAt).not.toBeNull();
    expect((await bossJobReaches(t.db, job.bossJobId, 'failed')).retry_count).toBe(2);
    expect(exports.runs.get(job.id)).toBe(3);
  });

  it('aborts an attempt that runs past its lease and retries it; the abandoned attempt writes nothing', async () => {
    const abandoned = gate<JobOutcome>();
    let firstAttempt: JobContext | undefined;
    sweeps.script('lease', async (context) => {
      if (context.attempt > 1) return { summary: 'second time lucky' };
      firstAttempt = context;
      // Ignores its signal, as a stuck run would.
      return abandoned.opened;
    });
    const job = await enqueueJob(t.db, {
      kind: 'housekeeping.sweep',
      key: 'lease',
      payload: {},
      startedBy: null,
    });
    await bossJobReaches(t.db, job.bossJobId, 'retry');
    expect(await jobRow(t.db, job.id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      error: 'Ran past its lease of 1 s',
    });
    expect(firstAttempt?.signal.aborted).toBe(true);
    await skipRetryWait(t.db, job.bossJobId);
    const done = await jobReaches(t.db, job.id, (row) => row.status === 'succeeded');
    expect(done).toMatchObject({ attempts: 2, result: { summary: 'second time lucky' } });

    await firstAttempt?.reportProgress(99, 99);
    abandoned.open({ summary: 'too late' });
    expect(await jobRow(t.db, job.id)).toMatchObject({
      status: 'succeeded',
      progressDone: 0,
      result: { summary: 'second time lucky' },
    });
  });

  it('does nothing with a delivery of a job that has finished', async () => {
    exports.script('stale', async () => ({ summary: 'ran once' }));
    const job = await enqueueExport('stale');
    const done = await jobReaches(t.db, job.id, (row) => row.status === 'succeeded');
    // pg-boss delivers the finished job again (as after a lost completion and a lapsed lease).
    await t.db.execute(
      sql`update pgboss.job set state = 'created', completed_on = null, start_after = now() where id = ${job.bossJobId}::uuid`,
    );
    await bossJobReaches(t.db, job.bossJobId, 'completed');
    expect(exports.runs.get(job.id)).toBe(1);
    expect(await jobRow(t.db, job.id)).toEqual(done);
  });
});

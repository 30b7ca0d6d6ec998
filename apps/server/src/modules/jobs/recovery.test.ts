import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bossJob, jobReaches, jobRow, QUICK_QUEUE, scriptedRunner } from '../../../test/support/jobs';
import { createTestApp } from '../../../test/support/test-app';
import { jobs } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import { openBossDb, scriptBody } from './boss-db';
import { enqueueJob, type JobQueue, recordJob, sendRecordedJob, startJobQueue } from './index';
import { insertJobOnce } from './repository';

/** What a crash leaves behind, and what the queue makes of it. */
const t = await createTestApp();
const log = pino({ level: 'silent' });
const exports = scriptedRunner('export.everything', {
  retryLimit: 2,
  retryDelaySeconds: 1,
  leaseSeconds: 60,
});
const startQueue = () =>
  startJobQueue({ database: t.database, deps: t.deps, log, runners: [exports.runner], ...QUICK_QUEUE });
let queue: JobQueue;

beforeAll(async () => {
  queue = await startQueue();
});
afterAll(async () => {
  await queue.stop();
  await t.close();
});

describe('after a crash', () => {
  it('sends a queued job whose send was lost when a queue starts, under the id chosen for it', async () => {
    exports.script('orphan', async () => ({ summary: 'found and run' }));
    // The row was written, then the process died before pg-boss heard of it.
    const { row } = await insertJobOnce(t.db, {
      kind: 'export.everything',
      key: 'orphan',
      payload: {},
      startedBy: null,
      maxAttempts: 3,
      bossJobId: randomUUID(),
    });
    expect(await bossJob(t.db, row.bossJobId)).toBeNull();
    const restarted = await startQueue();
    try {
      const done = await jobReaches(t.db, row.id, (job) => job.status === 'succeeded');
      expect(done.result).toEqual({ summary: 'found and run' });
      expect(exports.runs.get(row.id)).toBe(1);
      expect((await bossJob(t.db, row.bossJobId))?.state).toBe('completed');
    } finally {
      await restarted.stop();
    }
  });

  it('runs a job recorded in a transaction but never sent once a queue starts', async () => {
    exports.script('recorded', async () => ({ summary: 'recorded, then run' }));
    // Recorded with the work that asked for it; the process died after the commit, before the send.
    const recorded = await t.db.transaction((tx) =>
      recordJob(tx, { kind: 'export.everything', key: 'recorded', payload: {}, startedBy: null }, t.db),
    );
    expect(recorded.created).toBe(true);
    expect(recorded.row).toMatchObject({ status: 'queued', attempts: 0, maxAttempts: 3 });
    expect(await bossJob(t.db, recorded.row.bossJobId)).toBeNull();
    const restarted = await startQueue();
    try {
      const done = await jobReaches(t.db, recorded.row.id, (job) => job.status === 'succeeded');
      expect(done.result).toEqual({ summary: 'recorded, then run' });
      expect(exports.runs.get(recorded.row.id)).toBe(1);
    } finally {
      await restarted.stop();
    }
  });

  it('keeps nothing of a transaction that rolls back; a key recorded already is answered, not sent', async () => {
    const job = { kind: 'export.everything', key: 'rolled-back', payload: {}, startedBy: null } as const;
    await expect(
      t.db.transaction(async (tx) => {
        await recordJob(tx, job, t.db);
        throw new Error('the work that asked for it failed');
      }),
    ).rejects.toThrow('the work that asked for it failed');
    expect(await t.db.select().from(jobs).where(eq(jobs.key, 'rolled-back'))).toEqual([]);

    exports.script('rolled-back', async () => ({ summary: 'once' }));
    const first = await t.db.transaction((tx) => recordJob(tx, job, t.db));
    const again = await t.db.transaction((tx) => recordJob(tx, { ...job, payload: { part: 2 } }, t.db));
    expect(again).toEqual({ row: first.row, created: false });
    // The row that held the key already is not sent by the call that found it.
    await sendRecordedJob(t.db, again);
    expect(await bossJob(t.db, first.row.bossJobId)).toBeNull();
    await sendRecordedJob(t.db, first);
    await jobReaches(t.db, first.row.id, (row) => row.status === 'succeeded');
    expect(exports.runs.get(first.row.id)).toBe(1);
  });

  it('fails a job whose last lease ran out in a process that died, with why', async () => {
    // This process runs no housekeeping runner: the delivery goes to a "process" that takes it and dies.
    const job = await enqueueJob(t.db, {
      kind: 'housekeeping.sweep',
      key: 'dies',
      payload: {},
      startedBy: null,
    });
    const bossDb = openBossDb(t.database, log);
    const doomed = new PgBoss({ db: bossDb, schema: 'pgboss', schedule: false, supervise: false });
    await doomed.start();
    try {
      await doomed.createQueue('housekeeping.sweep', {
        name: 'housekeeping.sweep',
        retryLimit: 0,
        deadLetter: 'jobs.dead-letters',
      });
      await doomed.send('housekeeping.sweep', { jobId: job.id }, { id: job.bossJobId, expireInSeconds: 1 });
      expect(await doomed.fetch('housekeeping.sweep')).toHaveLength(1);
    } finally {
      await doomed.stop({ graceful: false, close: false });
      await bossDb.close();
    }
    // The live queue's maintenance expires the lease; pg-boss gives the job up to the dead letters.
    const failed = await jobReaches(t.db, job.id, (row) => row.status === 'failed');
    expect(failed.error).toBe(
      'Its last attempt ran out of its lease: the process running it stopped or stalled',
    );
    expect(failed.finishedAt).not.toBeNull();
  });
});

describe("pg-boss's own scripts", () => {
  it('are told apart from single statements', () => {
    expect(scriptBody('\n  BEGIN;\n  SELECT 1;\n  SELECT 2;\n  COMMIT;\n')).toBe(
      '\n  SELECT 1;\n  SELECT 2;\n  ',
    );
    expect(scriptBody('SELECT 1')).toBeNull();
  });

  it('roll back whole when one statement fails, leaving the connection usable', async () => {
    const bossDb = openBossDb(t.database, log);
    try {
      await expect(
        bossDb.executeSql('BEGIN;\n CREATE TABLE half_made (id int);\n SELECT 1/0;\n COMMIT;'),
      ).rejects.toThrow(/division by zero/);
      const after = rowsOf<{ name: string | null }>(
        await t.db.execute(sql`select to_regclass('half_made')::text as name`),
      );
      expect(after).toEqual([{ name: null }]);
      expect((await bossDb.executeSql('select $1::int as n', [7])).rows).toEqual([{ n: 7 }]);
    } finally {
      await bossDb.close();
    }
  });
});

describe('when the server stops', () => {
  it('gives a running attempt its grace, then aborts it and leaves the job to be retried', async () => {
    exports.script('stopped', ({ signal }) => {
      return new Promise((_, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    });
    const job = await enqueueJob(t.db, {
      kind: 'export.everything',
      key: 'stopped',
      payload: {},
      startedBy: null,
    });
    await jobReaches(t.db, job.id, (row) => row.status === 'running');
    // The file's queue, stopped as main.ts stops it (its afterAll then finds it stopped).
    await queue.stop();
    expect(await jobRow(t.db, job.id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      error: 'The server stopped while the job was running',
    });
    expect((await bossJob(t.db, job.bossJobId))?.state).toBe('retry');
  });
});

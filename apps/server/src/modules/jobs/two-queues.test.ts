import { inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { gate, QUICK_QUEUE, scriptedRunner } from '../../../test/support/jobs';
import { freshPostgresDatabase } from '../../../test/support/postgres';
import { createTestApp, createTestClock } from '../../../test/support/test-app';
import { createDeps } from '../../create-deps';
import { type Database, openPostgres } from '../../db/client';
import { jobs } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { enqueueJob, startJobQueue } from './index';

/**
 * Two queue instances (two pg-boss instances, as two server processes have) on one database, two
 * workers each: every job runs exactly once, and the four workers run side by side. On the suite's
 * database and, when the suite runs on PGlite, on a PostgreSQL database of its own as well.
 */
const log = pino({ level: 'silent' });
const JOBS_PER_QUEUE = 30;
const WORKERS = 2;

const suiteApp = await createTestApp();
const ownPostgres = suiteApp.databaseKind === 'pglite' ? await freshPostgresDatabase('lending_jobs') : null;
let ownDatabase: Database | null = null;
afterAll(async () => {
  await suiteApp.close();
  await ownDatabase?.close();
  await ownPostgres?.drop();
});

type Engine = { database: Database; deps: AppDeps };

const openOwnPostgres = async (): Promise<Engine> => {
  if (!ownPostgres) throw new Error('no database of its own');
  const database = openPostgres(ownPostgres.url);
  ownDatabase = database;
  await database.migrate();
  const deps = await createDeps({
    db: database.db,
    clock: createTestClock(),
    dataDir: suiteApp.dataDir,
    log,
    tokenTtlHours: 1,
    sessionIdleHours: 1,
    publicUrl: 'http://127.0.0.1:3000',
  });
  return { database, deps };
};

const engines: [string, () => Promise<Engine>][] = [
  [`the suite's database (${suiteApp.databaseKind})`, async () => suiteApp],
];
if (ownPostgres) engines.push(['a PostgreSQL database of its own', openOwnPostgres]);

describe.each(engines)('two queues on %s', (_, open) => {
  it(`run ${2 * JOBS_PER_QUEUE} jobs exactly once, ${2 * WORKERS} at a time`, async () => {
    const { database, deps } = await open();
    const exports = scriptedRunner('export.everything', {
      retryLimit: 2,
      retryDelaySeconds: 1,
      leaseSeconds: 60,
    });
    // The first four runs wait until all four run: only two workers in each of the two queues get there.
    const allFourRunning = gate();
    let running = 0;
    let mostAtOnce = 0;
    const key = (n: number) => `many-${n}`;
    for (let n = 0; n < 2 * JOBS_PER_QUEUE; n++)
      exports.script(key(n), async () => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        if (running === 2 * WORKERS) allFourRunning.open();
        if (n < 2 * WORKERS) await allFourRunning.opened;
        running -= 1;
        return { summary: `job ${n}` };
      });
    const options = {
      database,
      deps,
      log,
      runners: [exports.runner],
      workersPerKind: WORKERS,
      ...QUICK_QUEUE,
    };
    const queues = [await startJobQueue(options), await startJobQueue(options)];
    try {
      const ids: number[] = [];
      for (let n = 0; n < 2 * JOBS_PER_QUEUE; n++) {
        const job = await enqueueJob(database.db, {
          kind: 'export.everything',
          key: key(n),
          payload: {},
          startedBy: null,
        });
        ids.push(job.id);
      }
      const finished = await vi.waitFor(
        async () => {
          const rows = await database.db.select().from(jobs).where(inArray(jobs.id, ids));
          const left = rows.filter((row) => row.status !== 'succeeded').length;
          if (left > 0) throw new Error(`${left} jobs not finished`);
          return rows;
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(finished.map((row) => row.attempts)).toEqual(ids.map(() => 1));
      expect(ids.map((id) => exports.runs.get(id))).toEqual(ids.map(() => 1));
      expect(mostAtOnce).toBe(2 * WORKERS);
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
    }
  }, 60_000);
});

import type { JobKind } from '@lending/domain';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import type { JobRow } from '../../db/schema';
import { retryConflicts } from '../../platform/conflict-retry';
import type { AppDeps } from '../../platform/deps';
import { type AttemptEnv, type BossData, type Delivery, runDeadLetter, runDelivery } from './attempt';
import { openBossDb } from './boss-db';
import { bossJobsPresent, queuedJobs } from './repository';
import { checkRunner, type JobRunner } from './runner';
import { registerSender } from './senders';

/** pg-boss's schema: its own tables, beside ours, dropped with them by a forced restore. */
export const BOSS_SCHEMA = 'pgboss';
/** Where pg-boss puts a job it gave up (every attempt failed or ran out of its lease). */
const DEAD_LETTERS = 'jobs.dead-letters';

export type JobQueueOptions = {
  database: Database;
  /** The server's parts, handed to every run (`context.deps`). */
  deps: AppDeps;
  log: FastifyBaseLogger;
  runners: readonly JobRunner[];
  /** Attempts of one kind this process runs side by side (2). */
  workersPerKind?: number;
  /** How often an idle worker asks for work (2 s); a job enqueued in this process wakes one at once. */
  pollIntervalMs?: number;
  /** pg-boss's maintenance: expiring lapsed leases, archiving finished deliveries (60 s). */
  maintenanceIntervalSeconds?: number;
  /** Progress is written at most this often per attempt (1 s). */
  progressIntervalMs?: number;
  /** How long `stop` lets attempts in flight finish before aborting them (10 s). */
  stopGraceMs?: number;
  /** How often queued rows whose send was lost are sent again (5 min), and how old they must be (1 min). */
  orphanSweepMs?: number;
  orphanMinAgeSeconds?: number;
};

export type JobQueue = { stop: () => Promise<void> };

/** Idle workers sleep here until their poll is due, a job of their kind is sent, or the queue stops. */
const createAlarm = () => {
  const sleepers = new Map<string, Set<() => void>>();
  let silenced = false;
  const ring = (queue: string) => {
    for (const wake of sleepers.get(queue) ?? []) wake();
  };
  return {
    ring,
    /** Wakes every sleeper, now and from now on (the queue is stopping). */
    ringForGood: () => {
      silenced = true;
      for (const queue of sleepers.keys()) ring(queue);
    },
    sleep: (queue: string, ms: number) =>
      new Promise<void>((resolve) => {
        if (silenced) return resolve();
        const waiting = sleepers.get(queue) ?? new Set<() => void>();
        sleepers.set(queue, waiting);
        const wake = () => {
          clearTimeout(timer);
          waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, ms);
        waiting.add(wake);
      }),
  };
};

/**
 * Starts this process's job queue: one pg-boss instance (schema `pgboss`) on the server's database,
 * `workersPerKind` workers per runner and one for the dead letters. Queued rows whose send was
 * lost (a crash between our insert and pg-boss's) are sent again now and every `orphanSweepMs`.
 */
export const startJobQueue = async (options: JobQueueOptions): Promise<JobQueue> => {
  const { database, deps, log, runners } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  for (const runner of runners) checkRunner(runner);
  const runnerOf = new Map<string, JobRunner>(runners.map((runner) => [runner.kind, runner]));
  const bossDb = openBossDb(database, log);
  const boss = new PgBoss({
    db: bossDb,
    schema: BOSS_SCHEMA,
    // No cron: the hourly housekeeping is enqueued by the server's own timer, keyed by the hour.
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue: pg-boss error'));
  await boss.start();
  // The dead-letter queue first: the kinds' queues name it. Processes starting together create the
  // same new queues at once, and PostgreSQL may end one's creation as a deadlock: it is tried again
  // (a queue the other process made meanwhile is then left as it is).
  await retryConflicts(() => boss.createQueue(DEAD_LETTERS));
  for (const runner of runners) {
    const rules = {
      name: runner.kind,
      retryLimit: runner.retryLimit,
      retryDelay: runner.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: runner.leaseSeconds,
      deadLetter: DEAD_LETTERS,
    };
    await retryConflicts(() => boss.createQueue(runner.kind, rules));
    // createQueue keeps a queue's first rules: a runner's changed rules are written over them.
    await retryConflicts(() => boss.updateQueue(runner.kind, rules));
  }

  const alarm = createAlarm();
  const sendRow = async (row: JobRow): Promise<boolean> => {
    const runner = runnerOf.get(row.kind);
    if (!runner) return false;
    const data: BossData = { jobId: row.id };
    await boss.send(row.kind, data, {
      id: row.bossJobId,
      retryLimit: runner.retryLimit,
      retryDelay: runner.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: runner.leaseSeconds,
    });
    alarm.ring(row.kind);
    return true;
  };
  const unregister = registerSender(database.db, {
    send: async (row) => {
      try {
        await sendRow(row);
      } catch (error) {
        log.warn({ err: error, job: row.id }, 'job queue: send failed; the orphan sweep will send it again');
      }
    },
    maxAttemptsOf: (kind: JobKind) => {
      const runner = runnerOf.get(kind);
      return runner ? runner.retryLimit + 1 : undefined;
    },
  });

  /** Sends again the queued rows pg-boss does not hold (ON CONFLICT makes a double send harmless). */
  const sweepOrphans = async (minAgeSeconds: number) => {
    const rows = await queuedJobs(database.db, [...runnerOf.keys()] as JobKind[], minAgeSeconds);
    const present = await bossJobsPresent(
      database.db,
      rows.map((row) => row.bossJobId),
    );
    const orphans = rows.filter((row) => !present.has(row.bossJobId));
    for (const row of orphans) await sendRow(row);
    if (orphans.length > 0)
      log.warn({ jobs: orphans.map((row) => row.id) }, 'job queue: lost sends sent again');
  };
  await sweepOrphans(0);
  let sweeping = false;
  const sweeper = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweepOrphans(options.orphanMinAgeSeconds ?? 60)
      .catch((error: unknown) => log.warn({ err: error }, 'job queue: orphan sweep failed'))
      .finally(() => {
        sweeping = false;
      });
  }, options.orphanSweepMs ?? 300_000);
  sweeper.unref();

  let stopping = false;
  const env: AttemptEnv = {
    db: database.db,
    deps,
    log,
    boss,
    progressIntervalMs: options.progressIntervalMs ?? 1000,
    running: new Set(),
  };
  /** One worker: fetches a delivery of `queue`, handles it, and again, until the queue stops. */
  const work = async (queue: string, handle: (delivery: Delivery) => Promise<void>) => {
    while (!stopping) {
      // fetch answers nothing when the database cannot be reached: the worker sleeps and asks again.
      const [delivery] = await boss.fetch<Partial<BossData>>(queue, { batchSize: 1, includeMetadata: true });
      if (!delivery) {
        await alarm.sleep(queue, pollIntervalMs);
        continue;
      }
      try {
        await handle(delivery);
      } catch (error) {
        // Our row could not be written: the delivery stays active until its lease runs out, then retries.
        log.error({ err: error, kind: queue, bossJobId: delivery.id }, 'job queue: delivery failed');
      }
    }
  };
  const workers = [
    ...runners.flatMap((runner) =>
      Array.from({ length: options.workersPerKind ?? 2 }, () =>
        work(runner.kind, (delivery) => runDelivery(env, runner, delivery)),
      ),
    ),
    work(DEAD_LETTERS, (delivery) => runDeadLetter(env, DEAD_LETTERS, delivery)),
  ];
  log.info({ kinds: [...runnerOf.keys()], engine: database.kind }, 'job queue started');

  return {
    stop: async () => {
      if (stopping) return;
      stopping = true;
      unregister();
      clearInterval(sweeper);
      alarm.ringForGood();
      const abort = setTimeout(() => {
        for (const controller of env.running)
          controller.abort(new Error('The server stopped while the job was running'));
      }, options.stopGraceMs ?? 10_000);
      await Promise.all(workers);
      clearTimeout(abort);
      await boss.stop({ graceful: true, wait: true, close: false });
      await bossDb.close();
      log.info('job queue stopped');
    },
  };
};

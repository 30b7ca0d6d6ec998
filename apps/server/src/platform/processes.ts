import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/**
 * Several API processes on one port (API_PROCESSES > 1, PostgreSQL only). The first process does
 * not serve: it forks the workers, which run `main.ts` as a single process would (the kernel's
 * connections are handed to them in turn by node:cluster), and starts a new one when one dies.
 * Nothing that matters lives in a worker's memory (sessions, counters, idempotency keys and the
 * file-link key are rows), so any worker can answer any request. Migrations and seeding need no
 * coordination here: each worker takes the database's start-up lock for them (`lockStartup`).
 */

/** Waits this long before the next attempt after a replacement died before it served: 1 s, 2 s, … 30 s. */
const restartDelayMs = (failedStarts: number) => Math.min(30_000, 1000 * 2 ** failedStarts);
/**
 * A worker that has not stopped this long after being asked is killed. Longer than a worker's own
 * shutdown grace (20 s in main.ts), so a worker always gets to close its database first.
 */
const STOP_GRACE_MS = 25_000;

/** True in the process that should fork and watch the workers rather than serve itself. */
export const isSupervisor = (apiProcesses: number, argv: string[] = process.argv): boolean =>
  apiProcesses > 1 && cluster.isPrimary && !argv.includes('--seed-only');

/**
 * Forks `count` workers and keeps that many running until SIGINT or SIGTERM; resolves with the
 * exit code for this process: 0 after a requested stop, 1 when the first start failed (a worker
 * died before any had served, e.g. the database is unreachable: restarting would only repeat it).
 */
export const superviseWorkers = (count: number, log: Logger): Promise<number> =>
  new Promise((resolve) => {
    const served = new WeakSet<Worker>();
    let anyServed = false;
    let failedStarts = 0;
    let stopping: number | null = null;

    const fork = () => {
      const worker = cluster.fork();
      log.info({ worker: worker.id, workerPid: worker.process.pid }, 'API process started');
    };
    // A worker that has just exited can still be listed until its channel closes: ask the process.
    const alive = () =>
      Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    const stop = (code: number) => {
      if (stopping !== null) return;
      stopping = code;
      const workers = alive();
      if (workers.length === 0) return resolve(code);
      for (const worker of workers) worker.process.kill('SIGTERM');
      setTimeout(() => {
        for (const worker of alive()) worker.process.kill('SIGKILL');
      }, STOP_GRACE_MS).unref();
    };

    cluster.on('listening', (worker) => {
      served.add(worker);
      anyServed = true;
      failedStarts = 0;
    });
    cluster.on('exit', (worker, code, signal) => {
      const ended = { worker: worker.id, workerPid: worker.process.pid, code, signal };
      if (stopping !== null) {
        if (alive().length === 0) resolve(stopping);
        return;
      }
      if (!anyServed) {
        log.error(ended, 'an API process failed to start; stopping the others');
        return stop(1);
      }
      // A crash, an out-of-memory kill, an operator's kill: the others keep serving meanwhile.
      const delay = served.has(worker) ? 0 : restartDelayMs(failedStarts++);
      log.warn({ ...ended, restartInMs: delay }, 'API process ended; starting another');
      setTimeout(() => stopping === null && fork(), delay);
    });
    process.once('SIGINT', () => stop(0));
    process.once('SIGTERM', () => stop(0));

    log.info({ processes: count }, 'starting API processes');
    for (let index = 0; index < count; index += 1) fork();
  });

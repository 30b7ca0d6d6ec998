import type { JobKind } from '@lending/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../platform/deps';

/** What a finished run made: a line for the Jobs screen and, optionally, a file in the storage. */
export type JobOutcome = {
  summary: string;
  /** A file the run stored (`deps.storage`); the Jobs screen offers it through a signed link. */
  file?: { storageKey: string; fileName: string };
};

/** What one attempt of a job gets to do its work. */
export type JobContext = {
  jobId: number;
  key: string;
  payload: unknown;
  startedBy: number | null;
  /** 1 for the first attempt, 2 for the first retry, ... */
  attempt: number;
  /**
   * Records how far the run got, in the job's own units (`total` undefined keeps the last one,
   * null means unknown). Writes are throttled; call it outside any transaction of the run's own
   * (PGlite has one connection, which that transaction holds).
   */
  reportProgress: (done: number, total?: number | null) => Promise<void>;
  /** Aborted when the attempt runs out of its lease or the server stops: stop soon after. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
  /** The server's parts (database, clock, storage, ...), as the services get them. */
  deps: AppDeps;
};

/**
 * A kind of background work and its rules. An attempt that throws (or runs past its lease) is
 * retried `retryLimit` times, the wait doubling each time from `retryDelaySeconds`; after that the
 * job is failed. A run may be repeated (a retry, a process that died mid-run): make it safe to run again.
 */
export type JobRunner = {
  kind: JobKind;
  retryLimit: number;
  /** The wait before the first retry (at least 1 s); it doubles for each retry after it. */
  retryDelaySeconds: number;
  /** How long one attempt may run before it is given up and retried (under 24 hours). */
  leaseSeconds: number;
  run: (context: JobContext) => Promise<JobOutcome>;
};

const MAX_LEASE_SECONDS = 24 * 3600 - 1;

/** Refuses a runner whose rules pg-boss would refuse or bend (a mistake in the code, found at start). */
export const checkRunner = (runner: JobRunner): void => {
  const whole = (value: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
    Number.isInteger(value) && value >= min && value <= max;
  if (
    !whole(runner.retryLimit, 0) ||
    !whole(runner.retryDelaySeconds, 1) ||
    !whole(runner.leaseSeconds, 1, MAX_LEASE_SECONDS)
  )
    throw new Error(
      `job runner ${runner.kind}: retryLimit (>= 0), retryDelaySeconds (>= 1) and leaseSeconds (1 to ${MAX_LEASE_SECONDS}) must be whole numbers`,
    );
};

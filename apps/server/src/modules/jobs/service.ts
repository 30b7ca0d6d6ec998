import { randomUUID } from 'node:crypto';
import { type JobKind, jobMessages, type TJob, type TJobListQuery, type TJobPage } from '@lending/domain';
import type { Db } from '../../db/client';
import type { JobRow } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { findJob, insertJobOnce, jobCounts, listJobs } from './repository';
import { senderFor } from './senders';
import { type DownloadSigner, fileLinkSigner, toJob } from './views';

/** Attempts a row records when no queue in this process knows its kind's rules (corrected at its first attempt). */
const DEFAULT_MAX_ATTEMPTS = 3;

export type EnqueueJob = {
  kind: JobKind;
  /** Idempotency: enqueueing the same kind and key again answers the first job and starts nothing. */
  key: string;
  /** The run's input (JSON); the runner reads it as `payload`. */
  payload: unknown;
  startedBy: number | null;
};

/**
 * Records a job and hands it to this process's queue (pg-boss), under the id chosen here: a send
 * lost to a crash is sent again when a queue starts or sweeps. Idempotent on (kind, key).
 */
export const enqueueJob = async (db: Db, job: EnqueueJob): Promise<JobRow> => {
  const sender = senderFor(db);
  const { row, created } = await insertJobOnce(db, {
    kind: job.kind,
    key: job.key,
    payload: job.payload ?? {},
    startedBy: job.startedBy,
    maxAttempts: sender?.maxAttemptsOf(job.kind) ?? DEFAULT_MAX_ATTEMPTS,
    bossJobId: randomUUID(),
  });
  if (created && sender) await sender.send(row);
  return row;
};

/** The Jobs screen's reads; `signDownload` makes a finished job's file a link (the files module's by default). */
export const createJobs = (deps: AppDeps, signDownload: DownloadSigner = fileLinkSigner(deps.signer)) => ({
  /** GET /jobs: one page, newest first, with the counts per status over the kind filter. */
  async list(query: TJobListQuery): Promise<TJobPage> {
    const filter = { kind: query.kind, status: query.status };
    const rows = await listJobs(deps.db, filter, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    const counts = await jobCounts(deps.db, filter);
    const total = query.status ? counts[query.status] : Object.values(counts).reduce((a, b) => a + b, 0);
    const now = deps.clock.now();
    return {
      jobs: rows.map((row) => toJob(row, signDownload, now)),
      total,
      totalPages: Math.ceil(total / query.pageSize),
      page: query.page,
      counts,
    };
  },

  /** GET /jobs/{id}: one job; 404 when there is none. */
  async show(id: number): Promise<TJob> {
    const row = await findJob(deps.db, id);
    if (!row) throw notFound(jobMessages.notFound);
    return toJob(row, signDownload, deps.clock.now());
  },
});

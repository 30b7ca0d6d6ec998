import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type JobKind, jobMessages, type TJob, type TJobListQuery, type TJobPage } from '@lending/domain';
import type { Db, Executor } from '../../db/client';
import type { JobRow } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { findJob, findUnfinishedJob, insertJobOnce, jobCounts, listJobs } from './repository';
import { senderFor } from './senders';
import { type DownloadSigner, jobFileLinkSigner, jobFileSubject, toJob } from './views';

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

/** A job `recordJob` wrote, or found under its key (`created` false): what `sendRecordedJob` takes. */
export type RecordedJob = { row: JobRow; created: boolean };

/**
 * Records a job through `tx` (the caller's transaction, or `db` itself) without sending it, under a
 * pg-boss id chosen here; idempotent on (kind, key). `db` is the database `tx` belongs to: its queue
 * in this process gives the kind's attempts. Send the row with `sendRecordedJob` once `tx` has
 * committed: before that no worker can see it, and on PGlite's one connection a send would wait for
 * the transaction holding it.
 */
export const recordJob = async (tx: Executor, job: EnqueueJob, db: Db): Promise<RecordedJob> =>
  insertJobOnce(tx, {
    kind: job.kind,
    key: job.key,
    payload: job.payload ?? {},
    startedBy: job.startedBy,
    maxAttempts: senderFor(db)?.maxAttemptsOf(job.kind) ?? DEFAULT_MAX_ATTEMPTS,
    bossJobId: randomUUID(),
  });

/**
 * Hands a committed job to this process's queue (pg-boss) and wakes its workers; never throws. A row
 * that held its key already is not sent again. A send that fails, is lost to a crash, or finds no
 * queue in this process leaves the row queued: a queue sends it again when it starts or sweeps.
 */
export const sendRecordedJob = async (db: Db, { row, created }: RecordedJob): Promise<void> => {
  const sender = senderFor(db);
  if (created && sender) await sender.send(row);
};

/**
 * Records a job and hands it to this process's queue (pg-boss), under the id chosen here: a send
 * lost to a crash is sent again when a queue starts or sweeps. Idempotent on (kind, key).
 */
export const enqueueJob = async (db: Db, job: EnqueueJob): Promise<JobRow> => {
  const recorded = await recordJob(db, job, db);
  await sendRecordedJob(db, recorded);
  return recorded.row;
};

/**
 * Work a person starts by hand (an export): while one of its kind is queued or running that one is
 * answered (`started: false`) rather than a second started; two clicks in the same minute share a key.
 */
export const startJobUnlessUnfinished = async (
  db: Db,
  job: Omit<EnqueueJob, 'key'>,
  now: Date,
): Promise<{ row: JobRow; started: boolean }> => {
  const unfinished = await findUnfinishedJob(db, job.kind);
  if (unfinished) return { row: unfinished, started: false };
  const row = await enqueueJob(db, { ...job, key: now.toISOString().slice(0, 16) });
  return { row, started: row.status === 'queued' && row.attempts === 0 };
};

/** The Jobs screen's reads; `signDownload` makes a finished job's file a link that expires. */
export const createJobs = (deps: AppDeps, signDownload: DownloadSigner = jobFileLinkSigner(deps.signer)) => ({
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

  /**
   * GET /jobs/{id}/download: the file a finished job stored, through its signed link (the signature
   * is the credential, as for documents: a browser download cannot send a bearer token).
   */
  async openFile(
    id: number,
    link: { expires: number; signature: string },
  ): Promise<{ fileName: string; stream: Readable }> {
    if (!deps.signer.verify(jobFileSubject(id), link.expires, link.signature, deps.clock.now().getTime()))
      throw new AppError('FILE_LINK_INVALID', 'This file link has expired or is invalid');
    const file = (await findJob(deps.db, id))?.result?.file;
    const stream = file ? await deps.storage.getStream(file.storageKey) : null;
    // A file past its keeping time has been deleted: the job's row still says what it held.
    if (!file || !stream) throw new AppError('FILE_NOT_FOUND', 'This file is no longer kept');
    return { fileName: file.fileName, stream };
  },
});

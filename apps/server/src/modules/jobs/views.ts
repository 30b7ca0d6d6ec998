import { JOB_KIND_TITLES, JOB_KINDS, type JobKind, type JobStatus, type TJob } from '@lending/domain';
import { FILE_URL_TTL_SECONDS, type UrlSigner } from '../../platform/storage/signed-urls';
import type { JobListRow } from './repository';

/** A short-lived link to a file a job stored, made when the job is read (links expire, rows do not). */
export type DownloadSigner = (
  file: { jobId: number; fileName: string },
  now: Date,
) => { url: string; fileName: string; expiresAt: string };

/** The subject a job's download link is signed for (never a storage key, so never a document's link). */
export const jobFileSubject = (jobId: number) => `job:${jobId}`;

/** Signs a link to a job's file (`/api/jobs/:id/download`): the key in the storage is never shown. */
export const jobFileLinkSigner =
  (signer: UrlSigner): DownloadSigner =>
  (file, now) => ({
    url: signer.signPath(`/api/jobs/${file.jobId}/download`, jobFileSubject(file.jobId), now.getTime()),
    fileName: file.fileName,
    // The signer's own expiry: whole seconds from now plus the links' lifetime.
    expiresAt: new Date((Math.floor(now.getTime() / 1000) + FILE_URL_TTL_SECONDS) * 1000).toISOString(),
  });

const isKind = (kind: string): kind is JobKind => (JOB_KINDS as readonly string[]).includes(kind);

/** A job row as the Jobs screen shows it. */
export const toJob = (row: JobListRow, signDownload: DownloadSigner, now: Date): TJob => {
  // Rows are written with a kind of JOB_KINDS only; dropping a kind from the code drops its rows too.
  if (!isKind(row.kind)) throw new Error(`job ${row.id} has an unknown kind ${row.kind}`);
  return {
    id: row.id,
    kind: row.kind,
    title: JOB_KIND_TITLES[row.kind],
    status: row.status as JobStatus,
    progressDone: row.progressDone,
    progressTotal: row.progressTotal,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    error: row.error,
    startedBy: row.startedBy === null ? null : { id: row.startedBy, name: row.startedByName ?? '' },
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    result: row.result
      ? {
          summary: row.result.summary,
          download: row.result.file
            ? signDownload({ jobId: row.id, fileName: row.result.file.fileName }, now)
            : null,
        }
      : null,
  };
};

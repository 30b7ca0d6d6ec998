import { z } from 'zod';
import { ZDbId, ZPageQuery, ZQuery, ZQueryInteger } from './common';

/** The kinds of background work the queue runs; each kind's rules (retries, lease) live with its runner. */
export const JOB_KINDS = [
  'housekeeping.sweep',
  'export.everything',
  'import.check',
  'import.commit',
  'day-end.close',
  'holiday.move',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** What the Jobs screen calls each kind. */
export const JOB_KIND_TITLES: Record<JobKind, string> = {
  'housekeeping.sweep': 'Housekeeping',
  'export.everything': 'Export everything',
  'import.check': 'Check an import',
  'import.commit': 'Import',
  'day-end.close': 'Day-end close',
  'holiday.move': 'Move instalments for a holiday',
};

/**
 * A job's life: queued → running → succeeded, or back to queued for a retry after a failed attempt,
 * or failed once its retries are spent (or its lease ran out that many times).
 */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_PAGE_SIZE = 20;
export const JOB_PAGE_MAX = 100;

export const jobMessages = {
  status: `Status must be one of: ${JOB_STATUSES.join(', ')}`,
  kind: `Kind must be one of: ${JOB_KINDS.join(', ')}`,
  id: 'Job id must be a positive integer',
  notFound: 'Job not found',
} as const;

/** GET /jobs: newest first, optionally one status and one kind. */
export const ZJobListQuery = ZQuery({
  page: ZPageQuery,
  pageSize: ZQueryInteger('pageSize', 1, JOB_PAGE_MAX, JOB_PAGE_SIZE),
  status: z.enum(JOB_STATUSES, { error: jobMessages.status }).optional(),
  kind: z.enum(JOB_KINDS, { error: jobMessages.kind }).optional(),
});
export type TJobListQuery = z.infer<typeof ZJobListQuery>;

/** GET /jobs/:id; an id past the database's integer range is a 400 too, never a database error. */
export const ZJobIdParams = z.object({ id: ZDbId(jobMessages.id) });

/** A job's result: what it made and, when it made a file, where to fetch it (a signed link that expires). */
export const ZJobResult = z.object({
  summary: z.string(),
  download: z.object({ url: z.string(), fileName: z.string(), expiresAt: z.string() }).nullable(),
});
export type TJobResult = z.infer<typeof ZJobResult>;

/** A job as the Jobs screen shows it; timings are ISO instants, progress counts the job's own units. */
export const ZJob = z.object({
  id: z.number(),
  kind: z.enum(JOB_KINDS),
  title: z.string(),
  status: z.enum(JOB_STATUSES),
  progressDone: z.number(),
  progressTotal: z.number().nullable(),
  attempts: z.number(),
  maxAttempts: z.number(),
  error: z.string().nullable(),
  startedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  result: ZJobResult.nullable(),
});
export type TJob = z.infer<typeof ZJob>;

/** Jobs per status over the kind filter, whatever the status filter: the screen's tabs. */
export const ZJobCounts = z.object({
  queued: z.number(),
  running: z.number(),
  succeeded: z.number(),
  failed: z.number(),
});

export const ZJobPage = z.object({
  jobs: z.array(ZJob),
  total: z.number(),
  totalPages: z.number(),
  page: z.number(),
  counts: ZJobCounts,
});
export type TJobPage = z.infer<typeof ZJobPage>;

/** GET /jobs/:id: one job. */
export const ZJobResponse = z.object({ data: ZJob });
export type TJobResponse = z.infer<typeof ZJobResponse>;

/** POST /jobs/export: starts (or, within the same hour, returns) the export of everything. */
export const ZJobStarted = z.object({ message: z.string(), data: ZJob });
export type TJobStarted = z.infer<typeof ZJobStarted>;

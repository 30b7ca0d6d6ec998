import {
  JOB_KIND_TITLES,
  JOB_KINDS,
  JOB_STATUSES,
  type JobKind,
  type JobStatus,
  type TJob,
} from '@lending/domain';
import { inIst } from '../../../lib/dayjs';

/** How often a screen showing a queued or running job asks the server again. */
export const JOB_POLL_MS = 2_000;

/** Whether the queue may still change this job: queued (perhaps for a retry) or running. */
export const isJobActive = (job: TJob): boolean => job.status === 'queued' || job.status === 'running';

/** A query's refetch interval for the jobs it shows: every 2 s while one may still change, else none. */
export const pollWhileActive = (jobs: readonly TJob[] | undefined): number | false =>
  jobs?.some(isJobActive) === true ? JOB_POLL_MS : false;

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

export const JOB_STATUS_COLORS: Record<JobStatus, string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
};

/** The list's filters as the address bar keeps them ('' for any), so Back returns to the same view. */
export type TJobFilters = { status: JobStatus | ''; kind: JobKind | '' };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  values.find((candidate) => candidate === value) ?? '';

/** The filters and page of `?status=&kind=&page=`; anything unknown reads as no filter, page 1. */
export const readJobListParams = (params: URLSearchParams): { filters: TJobFilters; page: number } => {
  const page = Number(params.get('page'));
  return {
    filters: {
      status: oneOf(JOB_STATUSES, params.get('status')),
      kind: oneOf(JOB_KINDS, params.get('kind')),
    },
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
};

/** The address bar's `?status=&kind=&page=` for these filters and page (empty ones left out). */
export const jobListParams = (filters: TJobFilters, page: number): Record<string, string> => {
  const params: Record<string, string> = {};
  if (filters.status !== '') params.status = filters.status;
  if (filters.kind !== '') params.kind = filters.kind;
  if (page > 1) params.page = String(page);
  return params;
};

/** '12 s', '4 min 5 s', '2 h 10 min'. */
export const formatDuration = (ms: number): string => {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
};

/**
 * How long a job took from its start to its end, or 'running for …' while it runs; '—' before it
 * started, and while it waits for a retry (its last attempt's start says nothing about the next).
 */
export const jobTook = (job: TJob, now: number): string => {
  if (job.startedAt === null) return '—';
  const started = Date.parse(job.startedAt);
  if (job.finishedAt !== null) return formatDuration(Date.parse(job.finishedAt) - started);
  return job.status === 'running' ? `running for ${formatDuration(now - started)}` : '—';
};

/** A job's progress: its percent (null when the total is unknown) and its words ('3 of 10', '3 done', '—'). */
export const jobProgress = (job: TJob): { percent: number | null; label: string } => {
  const { progressDone: done, progressTotal: total } = job;
  if (total === null) return { percent: null, label: done > 0 ? `${done} done` : '—' };
  if (total === 0) return { percent: job.status === 'succeeded' ? 100 : 0, label: '0 of 0' };
  return { percent: Math.min(100, Math.round((done / total) * 100)), label: `${done} of ${total}` };
};

/** A moment in Asia/Kolkata ('21 Nov 2026, 12:00:05 PM', or to the minute for the list); '—' when absent. */
export const formatJobTime = (moment: string | null, seconds = true): string =>
  moment === null ? '—' : inIst(moment).format(seconds ? 'DD MMM YYYY, hh:mm:ss A' : 'DD MMM YYYY, hh:mm A');

/** The screen's name of a job: its kind's title and its number ('Export everything #12'). */
export const jobName = (job: Pick<TJob, 'kind' | 'id'>): string => `${JOB_KIND_TITLES[job.kind]} #${job.id}`;

import type { TJob, TJobPage } from '@lending/domain';

/** A finished export as GET /jobs answers it: started by Super Person, 1 min 5 s, a file to fetch. */
export const makeJob = (id: number, overrides: Partial<TJob> = {}): TJob => ({
  id,
  kind: 'export.everything',
  title: 'Export everything',
  status: 'succeeded',
  progressDone: 12,
  progressTotal: 12,
  attempts: 1,
  maxAttempts: 3,
  error: null,
  startedBy: { id: 10, name: 'Super Person' },
  createdAt: '2026-11-21T06:30:00.000Z',
  startedAt: '2026-11-21T06:30:05.000Z',
  finishedAt: '2026-11-21T06:31:10.000Z',
  result: {
    summary: '12 tables, 4,210 rows',
    download: {
      url: '/api/jobs/7/download?signature=abc',
      fileName: 'export-2026-11-21.zip',
      expiresAt: '2999-01-01T00:00:00.000Z',
    },
  },
  ...overrides,
});

/** One page of jobs with the counts per status (the counts as given, not from the jobs). */
export const makeJobPage = (jobs: TJob[], overrides: Partial<TJobPage> = {}): TJobPage => ({
  jobs,
  total: jobs.length,
  totalPages: 1,
  page: 1,
  counts: { queued: 0, running: 0, succeeded: 0, failed: 0 },
  ...overrides,
});

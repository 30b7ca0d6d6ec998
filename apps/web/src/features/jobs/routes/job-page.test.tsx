import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { makeJob } from '../../../test/job-fixtures';
import type { TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { jobQueryOptions } from '../api/get-job';
import { JOB_POLL_MS } from '../lib/jobs';

const ERROR = 'Storage refused the file:\n  403 Forbidden (bucket exports-prod)\n  at upload (storage.ts:88)';

const renderJob = (path: string, api: Record<string, TMockReply>) =>
  renderApp(path, { user: makeUser('superadmin'), api });

/** The refetch interval job `id`'s query now asks for. */
const detailInterval = (app: ReturnType<typeof renderJob>, id: number) => {
  const options = jobQueryOptions(id);
  const query = app.queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  return (options.refetchInterval as (query: unknown) => number | false)(query);
};

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('A job', { timeout: 30_000 }, () => {
  it('shows every field, the progress, the result and the link to its file', async () => {
    const app = renderJob('/admin/jobs/7', { 'GET /jobs/7': { body: { data: makeJob(7) } } });
    expect(await heading('Export everything #7')).toBeInTheDocument();
    expect(screen.getByText('Succeeded')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '12 of 12' })).toHaveAttribute('aria-valuenow', '100');
    const fields = screen.getByTestId('job-fields');
    for (const text of [
      'Attempts1 of 3',
      'Started bySuper Person',
      'Created21 Nov 2026, 12:00:00 PM',
      'Started21 Nov 2026, 12:00:05 PM',
      'Finished21 Nov 2026, 12:01:10 PM',
      'Took1 min 5 s',
    ])
      expect(fields).toHaveTextContent(text);
    const result = screen.getByTestId('job-result');
    expect(result).toHaveTextContent('12 tables, 4,210 rows');
    const download = within(result).getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', '/api/jobs/7/download?signature=abc');
    expect(download).toHaveAccessibleDescription(/export-2026-11-21\.zip · link expires at/);
    expect(screen.queryByTestId('job-error')).toBeNull();
    expect(detailInterval(app, 7)).toBe(false);
  });

  it('shows the whole error of a failed job, and no download without a file', async () => {
    const failed = makeJob(8, {
      status: 'failed',
      attempts: 3,
      error: ERROR,
      result: { summary: 'Wrote 4 of 12 tables', download: null },
    });
    renderJob('/admin/jobs/8', { 'GET /jobs/8': { body: { data: failed } } });
    await heading('Export everything #8');
    expect(screen.getByTestId('job-error').querySelector('pre')?.textContent).toBe(ERROR);
    expect(screen.getByTestId('job-fields')).toHaveTextContent('Attempts3 of 3');
    expect(screen.getByTestId('job-result')).toHaveTextContent('Wrote 4 of 12 tables');
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
  });

  it('polls a running job, with its bar moving when the total is unknown', async () => {
    const running = makeJob(9, { status: 'running', progressTotal: null, finishedAt: null, result: null });
    const app = renderJob('/admin/jobs/9', { 'GET /jobs/9': { body: { data: running } } });
    await heading('Export everything #9');
    const bar = screen.getByRole('progressbar', { name: '12 done' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByTestId('job-fields')).toHaveTextContent('Tookrunning for');
    expect(detailInterval(app, 9)).toBe(JOB_POLL_MS);
  });

  it('says "Job not found" with a way back when there is no such job', async () => {
    const app = renderJob('/admin/jobs/99', {
      'GET /jobs/99': { status: 404, body: { message: 'Job not found' } },
    });
    expect(await heading('Job not found')).toBeInTheDocument();
    await app.events.click(screen.getByRole('link', { name: 'Back to jobs' }));
    await waitFor(() => expect(app.pathname()).toBe('/admin/jobs'));
  });

  it('says "Job not found" for an address that names no job, without asking', async () => {
    const app = renderJob('/admin/jobs/abc', {});
    expect(await heading('Job not found')).toBeInTheDocument();
    expect(app.calls.filter((call) => call.path.startsWith('/jobs/'))).toEqual([]);
  });
});

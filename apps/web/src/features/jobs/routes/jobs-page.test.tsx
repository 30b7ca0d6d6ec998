import type { TJob } from '@lending/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubPhone } from '../../../test/browser-stand-ins';
import { callsTo, lastParams } from '../../../test/calls';
import { makeUser } from '../../../test/fixtures';
import { makeJob, makeJobPage } from '../../../test/job-fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { jobsQueryOptions } from '../api/list-jobs';
import { JOB_POLL_MS } from '../lib/jobs';

const LONG_ERROR = `Upload to storage failed: ${'connection reset by peer; '.repeat(12)}giving up`;

const jobs: TJob[] = [
  makeJob(9, {
    kind: 'housekeeping.sweep',
    title: 'Housekeeping',
    status: 'running',
    progressDone: 3,
    progressTotal: 10,
    startedBy: null,
    finishedAt: null,
    result: null,
  }),
  makeJob(8, { status: 'failed', progressDone: 4, attempts: 3, error: LONG_ERROR, result: null }),
  makeJob(7),
];
const page = makeJobPage(jobs, {
  total: 45,
  totalPages: 3,
  counts: { queued: 2, running: 1, succeeded: 40, failed: 2 },
});

type THandler = (call: TMockCall) => TMockReply;

const renderJobs = (api: Record<string, THandler | TMockReply> = {}, path = '/admin/jobs') =>
  renderApp(path, { user: makeUser('superadmin'), api: { 'GET /jobs': { body: page }, ...api } });

/** The refetch interval the list's query now asks for: what TanStack Query polls by. */
const listInterval = (app: ReturnType<typeof renderJobs>) => {
  const options = jobsQueryOptions({ status: '', kind: '' }, 1);
  const query = app.queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  const interval = options.refetchInterval as (query: unknown) => number | false;
  return interval(query);
};

describe('Jobs', { timeout: 30_000 }, () => {
  it('shows each job with its status, progress, who started it, its times and its error', async () => {
    const app = renderJobs();
    const running = await screen.findByTestId('job-row-9');
    expect(within(running).getByRole('link', { name: 'Housekeeping #9' })).toHaveAttribute(
      'href',
      '/admin/jobs/9',
    );
    expect(running).toHaveTextContent('Running');
    const bar = within(running).getByRole('progressbar', { name: '3 of 10' });
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(running).toHaveTextContent('System');
    expect(running).toHaveTextContent('21 Nov 2026, 12:00 PM');
    expect(running).toHaveTextContent('running for');

    const failed = screen.getByTestId('job-row-8');
    expect(failed).toHaveTextContent('Failed');
    expect(within(failed).getByRole('progressbar', { name: '4 of 12' })).toBeInTheDocument();
    // Cut to one line in the table, the whole error on hover (and on the job's page).
    expect(within(failed).getByTitle(LONG_ERROR)).toHaveTextContent(LONG_ERROR);

    const done = screen.getByTestId('job-row-7');
    expect(done).toHaveTextContent('Export everything #7');
    expect(done).toHaveTextContent('Succeeded');
    expect(done).toHaveTextContent('Super Person');
    expect(done).toHaveTextContent('1 min 5 s');

    const status = screen.getByRole('radiogroup', { name: 'Status' });
    for (const name of ['All (45)', 'Queued (2)', 'Running (1)', 'Succeeded (40)', 'Failed (2)'])
      expect(within(status).getByRole('radio', { name })).toBeInTheDocument();
    expect(screen.getByTestId('jobs-summary')).toHaveTextContent('Showing 1 to 20 of 45 results');
    expect(lastParams(app.calls, '/jobs', 'page', 'pageSize')).toEqual({ page: '1', pageSize: '20' });
  });

  it('sends the status and the kind chosen, back on page 1, and keeps them in the address', async () => {
    const app = renderJobs({}, '/admin/jobs?page=2');
    await screen.findByTestId('job-row-9');
    expect(lastParams(app.calls, '/jobs', 'page')).toEqual({ page: '2' });
    await app.events.click(screen.getByRole('radio', { name: 'Failed (2)' }));
    await waitFor(() =>
      expect(lastParams(app.calls, '/jobs', 'status', 'page')).toEqual({ status: 'failed', page: '1' }),
    );
    await app.events.click(screen.getByRole('combobox', { name: 'Kind' }));
    await app.events.click(await screen.findByRole('option', { name: 'Export everything' }));
    await waitFor(() =>
      expect(lastParams(app.calls, '/jobs', 'status', 'kind')).toEqual({
        status: 'failed',
        kind: 'export.everything',
      }),
    );
    expect(app.router.state.location.search).toBe('?status=failed&kind=export.everything');
  });

  it('asks again while a job runs, and stops once none is queued or running', async () => {
    let answers = 0;
    const app = renderJobs({
      'GET /jobs': () => {
        answers += 1;
        const [first, ...rest] = jobs;
        const now = answers === 1 ? first : { ...first, status: 'succeeded' as const, progressDone: 10 };
        return { body: makeJobPage([now as TJob, ...rest.filter((job) => job.id === 7)]) };
      },
    });
    await screen.findByTestId('job-row-9');
    expect(listInterval(app)).toBe(JOB_POLL_MS);
    // No click: the poll brings the job's end.
    const row = screen.getByTestId('job-row-9');
    await waitFor(() => expect(row).toHaveTextContent('Succeeded'), { timeout: 3 * JOB_POLL_MS });
    expect(within(row).getByRole('progressbar', { name: '10 of 10' })).toBeInTheDocument();
    expect(listInterval(app)).toBe(false);
  });

  it('starts the export of everything, says what the server said and opens the job', async () => {
    const started = makeJob(42, { status: 'queued', progressDone: 0, progressTotal: null, result: null });
    const app = renderJobs({
      'POST /jobs/export': { body: { message: 'Export started', data: started } },
      'GET /jobs/42': { body: { data: started } },
    });
    await screen.findByTestId('job-row-9');
    await app.events.click(screen.getByRole('button', { name: 'Export everything' }));
    expect(await screen.findByText('Export started')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/admin/jobs/42'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Export everything #42' }),
    ).toBeInTheDocument();
    expect(callsTo(app.calls, '/jobs/export').map((call) => call.method)).toEqual(['POST']);
  });

  it("says the server's refusal when the export cannot start", async () => {
    const app = renderJobs({
      'POST /jobs/export': { status: 503, body: { message: 'The queue is paused' } },
    });
    await screen.findByTestId('job-row-9');
    await app.events.click(screen.getByRole('button', { name: 'Export everything' }));
    expect(await screen.findByText('The queue is paused')).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin/jobs');
  });

  it('stacks the statuses on a phone and keeps every row, its link and its bar', async () => {
    stubPhone();
    renderJobs();
    const row = await screen.findByTestId('job-row-9');
    expect(screen.getByRole('radiogroup', { name: 'Status' })).toHaveAttribute(
      'data-orientation',
      'vertical',
    );
    expect(within(row).getByRole('link', { name: 'Housekeeping #9' })).toBeInTheDocument();
    expect(within(row).getByRole('progressbar', { name: '3 of 10' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export everything' })).toBeInTheDocument();
  });

  it('says when no job matches', async () => {
    renderJobs({ 'GET /jobs': { body: makeJobPage([]) } });
    expect(await screen.findByText('No jobs found')).toBeInTheDocument();
  });

  it('shows the load failure', async () => {
    renderJobs({ 'GET /jobs': { status: 500, body: {} } });
    expect((await screen.findAllByText('Failed to load jobs')).length).toBeGreaterThan(0);
  });

  it.each(['/admin/jobs', '/admin/jobs/7'])('keeps an admin out of %s', async (path) => {
    const app = renderApp(path, { user: makeUser('admin') });
    await waitFor(() => expect(app.pathname()).toBe('/unauthorized'));
    expect(app.calls.filter((call) => call.path.startsWith('/jobs'))).toEqual([]);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { columnHeaders, expectTexts } from '../../../test/assertions';
import { stubPhone } from '../../../test/browser-stand-ins';
import { callsTo, lastParams, pinnedClock } from '../../../test/calls';
import { makeDayEndClose, makeDayEndClosePage } from '../../../test/classification-fixtures';
import { makeUser } from '../../../test/fixtures';
import { makeJob, makeJobPage } from '../../../test/job-fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const closes = [
  makeDayEndClose('2026-11-20', { runs: 2, jobId: 71, startedBy: { id: 10, name: 'Super Person' } }),
  makeDayEndClose('2026-11-19', {
    jobId: 70,
    status: 'failed',
    error: 'Ran past its lease of 600 s',
    finishedAt: null,
    durationMs: null,
  }),
];
const CLOSES = '/classification/closes';
const closeJob = makeJob(81, {
  kind: 'day-end.close',
  title: 'Day-end close',
  status: 'queued',
  result: null,
});

type THandler = (call: TMockCall) => TMockReply;

const renderJobs = (api: Record<string, THandler | TMockReply> = {}) =>
  renderApp('/admin/jobs', {
    user: makeUser('superadmin'),
    api: {
      'GET /clock': pinnedClock('2026-11-21'),
      'GET /jobs': { body: makeJobPage([]) },
      'GET /classification/closes': { body: makeDayEndClosePage(closes, { total: 45, totalPages: 3 }) },
      ...api,
    },
  });

const closeDay = async (app: ReturnType<typeof renderJobs>, typed: string, rerun: boolean) => {
  const form = within(screen.getByRole('form', { name: 'Close a business day' }));
  const date = form.getByRole('textbox', { name: 'Business date' });
  await app.events.type(date, typed);
  fireEvent.blur(date);
  if (rerun) await app.events.click(form.getByRole('checkbox', { name: 'Run again if already closed' }));
  await app.events.click(form.getByRole('button', { name: 'Close day' }));
};

const posted = (calls: TMockCall[]) =>
  callsTo(calls, CLOSES)
    .filter((call) => call.method === 'POST')
    .map((call) => JSON.parse(String(call.init.body)));

describe('Jobs: the day-end closes', { timeout: 30_000 }, () => {
  it('says when the close runs by itself and lists each close with its figures', async () => {
    const app = renderJobs();
    const section = within(await screen.findByTestId('day-end-closes'));
    expect(await section.findByTestId('day-end-schedule')).toHaveTextContent(
      'Runs by itself at 23:30 (India time)',
    );
    expect(columnHeaders(section.getByTestId('closes-table'))).toEqual([
      'Business date',
      'Status',
      'Runs',
      'Loans',
      'Changes',
      'NPA outstanding',
      'Started',
      'Duration',
      'Started by',
    ]);
    expectTexts(section.getByTestId('close-row-2026-11-20'), [
      '20-11-2026',
      'Succeeded',
      '2',
      '132',
      '5',
      '₹97,000',
      '20-11-2026 11:30 PM',
      '4 s',
      'Super Person',
    ]);
    const failed = section.getByTestId('close-row-2026-11-19');
    expectTexts(failed, ['Failed', 'Ran past its lease of 600 s', '—', 'Scheduled']);
    // Its job's page holds the whole error.
    expect(within(failed).getByRole('link', { name: '19-11-2026' })).toHaveAttribute(
      'href',
      '/admin/jobs/70',
    );
    expect(section.getByTestId('closes-summary')).toHaveTextContent('Showing 1 to 20 of 45 results');

    await app.events.click(section.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(lastParams(app.calls, CLOSES, 'page', 'pageSize')).toEqual({ page: '2', pageSize: '20' }),
    );
    // The jobs list keeps its own page.
    expect(lastParams(app.calls, '/jobs', 'page')).toEqual({ page: '1' });
  });

  it('closes a day, says so and fetches the closes and the jobs again', async () => {
    const app = renderJobs({
      'POST /classification/closes': { body: { message: 'Day-end close started', data: closeJob } },
    });
    await screen.findByTestId('close-row-2026-11-20');
    const listsBefore = callsTo(app.calls, CLOSES).length;
    const jobsBefore = callsTo(app.calls, '/jobs').length;
    await closeDay(app, '21/11/2026', false);
    expect(await screen.findByText('Day-end close of 21-11-2026 started')).toBeInTheDocument();
    expect(posted(app.calls)).toEqual([{ businessDate: '2026-11-21', rerun: false }]);
    await waitFor(() =>
      expect(callsTo(app.calls, CLOSES).filter((call) => call.method === 'GET').length).toBeGreaterThan(
        listsBefore,
      ),
    );
    await waitFor(() => expect(callsTo(app.calls, '/jobs').length).toBeGreaterThan(jobsBefore));
  });

  it("shows the server's refusal of a day already closed, then runs it again when asked", async () => {
    let refused = true;
    const app = renderJobs({
      'POST /classification/closes': () =>
        refused
          ? {
              status: 409,
              body: {
                code: 'DAY_END_ALREADY_CLOSED',
                message:
                  'The day-end close of that business day has already run; ask for a re-run to run it again.',
              },
            }
          : { status: 202, body: { data: closeJob } },
    });
    await screen.findByTestId('close-row-2026-11-20');
    await closeDay(app, '20/11/2026', false);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The day-end close of that business day has already run; ask for a re-run to run it again.',
    );
    refused = false;
    await app.events.click(screen.getByRole('checkbox', { name: 'Run again if already closed' }));
    await app.events.click(screen.getByRole('button', { name: 'Close day' }));
    expect(await screen.findByText('Day-end close of 20-11-2026 started')).toBeInTheDocument();
    expect(screen.queryByTestId('close-day-refusal')).toBeNull();
    expect(posted(app.calls)).toEqual([
      { businessDate: '2026-11-20', rerun: false },
      { businessDate: '2026-11-20', rerun: true },
    ]);
  });

  it('closes a day by keyboard alone', async () => {
    const app = renderJobs({
      'POST /classification/closes': { body: { message: 'Day-end close started', data: closeJob } },
    });
    await screen.findByTestId('close-row-2026-11-20');
    screen.getByRole('textbox', { name: 'Business date' }).focus();
    await app.events.keyboard('19/11/2026');
    await app.events.tab();
    expect(screen.getByRole('checkbox', { name: 'Run again if already closed' })).toHaveFocus();
    await app.events.keyboard(' ');
    await app.events.tab();
    expect(screen.getByRole('button', { name: 'Close day' })).toHaveFocus();
    await app.events.keyboard('{Enter}');
    expect(await screen.findByText('Day-end close of 19-11-2026 started')).toBeInTheDocument();
    expect(posted(app.calls)).toEqual([{ businessDate: '2026-11-19', rerun: true }]);
  });

  it('asks for a day before it posts anything', async () => {
    const app = renderJobs();
    await screen.findByTestId('close-row-2026-11-20');
    await app.events.click(screen.getByRole('button', { name: 'Close day' }));
    expect(await screen.findByText('Pick the business day to close')).toBeInTheDocument();
    expect(posted(app.calls)).toEqual([]);
  });

  it('works on a phone: the form and every close stay reachable', async () => {
    stubPhone();
    renderJobs();
    const row = await screen.findByTestId('close-row-2026-11-19');
    expect(row).toHaveTextContent('Scheduled');
    expect(screen.getByRole('textbox', { name: 'Business date' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close day' })).toBeInTheDocument();
  });
});

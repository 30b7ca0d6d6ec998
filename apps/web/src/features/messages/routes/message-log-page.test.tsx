import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { columnHeaders, expectTestIdTexts, expectTexts } from '../../../test/assertions';
import { stubPhone } from '../../../test/browser-stand-ins';
import { callsTo, pinnedClock } from '../../../test/calls';
import { makeUser } from '../../../test/fixtures';
import { makeMessage, makeMessageCounts, makeMessagePage } from '../../../test/message-fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const TODAY = '2026-11-21';

const DELIVERED = makeMessage(7);
const FAILED = makeMessage(5, {
  event: 'emi_overdue',
  channel: 'whatsapp',
  status: 'failed',
  attempts: 3,
  last_error: 'Recipient is not a WhatsApp user',
  recipient: '••••••0001',
  borrower_name: 'Ravi Kumar',
  loan_id: 2,
  loan_code: 'LN0002',
  body: 'Rs.500.00 on loan LNXX0002 is 7 day(s) overdue.',
});
const QUEUED = makeMessage(4, {
  status: 'queued',
  body: null,
  attempts: 0,
  due_at: '2026-11-22T02:30:00.000Z',
});
const COUNTS = makeMessageCounts({ delivered: 12, failed: 2, queued: 1 });

type THandler = (call: TMockCall) => TMockReply | Promise<TMockReply>;
const renderLog = (
  overrides: Record<string, THandler | TMockReply> = {},
  path = '/admin/messages',
  role: 'admin' | 'superadmin' = 'admin',
) =>
  renderApp(path, {
    user: makeUser(role),
    api: {
      'GET /clock': pinnedClock(TODAY),
      'GET /messages': { body: makeMessagePage([DELIVERED, FAILED, QUEUED], null, COUNTS) },
      ...overrides,
    },
  });

const lastQuery = (calls: TMockCall[]) =>
  Object.fromEntries(callsTo(calls, '/messages').at(-1)?.url.searchParams.entries() ?? []);

describe('Message log', { timeout: 30_000 }, () => {
  it("opens on today's business day with the counts per status and the messages", async () => {
    const app = renderLog();
    const failed = await screen.findByTestId('message-row-5');
    expect(lastQuery(app.calls)).toEqual({ from: TODAY, to: TODAY });
    // The first request already waits for the server's business day.
    expect(callsTo(app.calls, '/messages').every((call) => call.url.searchParams.get('from') === TODAY)).toBe(
      true,
    );
    expectTestIdTexts({
      'message-count-delivered': 'Delivered12',
      'message-count-failed': 'Failed2',
      'message-count-queued': 'Queued1',
      'message-count-cancelled': 'Cancelled0',
    });
    expect(columnHeaders(screen.getByRole('table', { name: 'Messages' }))).toEqual([
      'Time',
      'Borrower',
      'Loan',
      'Event',
      'Channel',
      'Recipient',
      'Status',
      'Attempts',
      'Last error',
      'Actions',
    ]);
    expectTexts(failed, [
      'Ravi Kumar',
      'LN0002',
      'EMI overdue (notice)',
      'WhatsApp',
      '••••••0001',
      'Failed',
      '3',
      'Recipient is not a WhatsApp user',
    ]);
    expect(within(failed).getByRole('link', { name: 'LN0002' })).toHaveAttribute(
      'href',
      '/admin/loans?loan=2',
    );
    expectTexts(screen.getByTestId('message-row-7'), ['21-11-2026 11:00', 'Sunita Devi', 'Delivered', 'SMS']);
    expectTexts(screen.getByTestId('message-row-4'), ['Queued', 'Due 22-11-2026 08:00']);
    await waitFor(() => expect(app.router.state.location.search).toBe(`?from=${TODAY}&to=${TODAY}`));
  });

  it('asks again with each filter and keeps them in the address bar', async () => {
    const app = renderLog();
    await screen.findByTestId('message-row-5');
    await app.events.click(screen.getByRole('combobox', { name: 'Status' }));
    await app.events.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(lastQuery(app.calls).status).toBe('failed'));
    await app.events.click(screen.getByRole('combobox', { name: 'Channel' }));
    await app.events.click(await screen.findByRole('option', { name: 'WhatsApp' }));
    await app.events.click(screen.getByRole('combobox', { name: 'Event' }));
    await app.events.click(await screen.findByRole('option', { name: 'EMI overdue (notice)' }));
    await app.events.type(screen.getByRole('textbox', { name: 'Search' }), 'Ravi');
    await waitFor(() => expect(lastQuery(app.calls).search).toBe('Ravi'), { timeout: 3000 });
    expect(lastQuery(app.calls)).toEqual({
      channel: 'whatsapp',
      status: 'failed',
      event: 'emi_overdue',
      search: 'Ravi',
      from: TODAY,
      to: TODAY,
    });
    // Typing waits: no request for a half-typed name.
    expect(
      callsTo(app.calls, '/messages').filter((call) => call.url.searchParams.has('search')),
    ).toHaveLength(1);
    await waitFor(() =>
      expect(new URLSearchParams(app.router.state.location.search).get('search')).toBe('Ravi'),
    );
    expect(screen.getByTestId('message-filter-chips')).toHaveTextContent('Status: Failed');

    await app.events.click(screen.getByRole('button', { name: 'Remove From: 21/11/2026' }));
    await waitFor(() => expect(lastQuery(app.calls).from).toBeUndefined());
    expect(lastQuery(app.calls).to).toBe(TODAY);
  });

  it('opens with the filters of the address bar, a cleared date included', async () => {
    const app = renderLog({}, '/admin/messages?status=failed&from=&to=2026-11-20&channel=pigeon');
    await screen.findByTestId('message-row-5');
    expect(lastQuery(app.calls)).toEqual({ status: 'failed', to: '2026-11-20' });
  });

  it('queues a failed message again and reads the log afresh', async () => {
    const app = renderLog({
      'POST /messages/5/retry': {
        body: { message: 'Message queued to be sent again', item: { ...FAILED, status: 'queued' } },
      },
    });
    const failed = await screen.findByTestId('message-row-5');
    expect(within(screen.getByTestId('message-row-7')).queryByRole('button', { name: /^Retry/ })).toBeNull();
    const before = callsTo(app.calls, '/messages').length;
    await app.events.click(within(failed).getByRole('button', { name: /^Retry WhatsApp to Ravi Kumar/ }));
    expect(await screen.findByText('Message queued to be sent again')).toBeInTheDocument();
    expect(app.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/messages/5/retry',
    ]);
    await waitFor(() => expect(callsTo(app.calls, '/messages').length).toBeGreaterThan(before));
  });

  it("shows the server's refusal of a retry", async () => {
    const app = renderLog({
      'POST /messages/5/retry': {
        status: 409,
        body: { code: 'MESSAGE_NOT_RETRYABLE', message: 'Only a failed message can be sent again.' },
      },
    });
    const failed = await screen.findByTestId('message-row-5');
    await app.events.click(within(failed).getByRole('button', { name: /^Retry/ }));
    expect(await screen.findByText('Only a failed message can be sent again.')).toBeInTheDocument();
  });

  it('loads the next page from Load more with the cursor', async () => {
    const app = renderLog({
      'GET /messages': (call) =>
        call.url.searchParams.get('before') === '4'
          ? { body: makeMessagePage([makeMessage(3, { borrower_name: 'Meena Bai' })], null, null) }
          : {
              body: makeMessagePage(
                [DELIVERED, FAILED, QUEUED],
                4,
                makeMessageCounts({ delivered: 3, failed: 1 }),
              ),
            },
    });
    await screen.findByTestId('message-row-5');
    await app.events.click(screen.getByRole('button', { name: 'Load more (3 of 4 shown)' }));
    expectTexts(await screen.findByTestId('message-row-3'), ['Meena Bai']);
    expect(lastQuery(app.calls)).toEqual({ from: TODAY, to: TODAY, before: '4' });
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
    // The counts stay the first page's, over the whole filter.
    expectTestIdTexts({ 'message-count-failed': 'Failed1' });
  });

  it('opens a message to read its whole text, or says a queued one is not written yet', async () => {
    const app = renderLog();
    await app.events.click(await screen.findByRole('button', { name: /^Read WhatsApp to Ravi Kumar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Message' });
    expect(within(dialog).getByTestId('message-text')).toHaveTextContent(
      'Rs.500.00 on loan LNXX0002 is 7 day(s) overdue.',
    );
    expect(dialog).toHaveTextContent('Recipient is not a WhatsApp user');
    await app.events.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Message' })).toBeNull());

    await app.events.click(
      within(screen.getByTestId('message-row-4')).getByRole('button', { name: /^Read/ }),
    );
    const queued = await screen.findByRole('dialog', { name: 'Message' });
    expect(within(queued).getByTestId('message-text')).toHaveTextContent('Not rendered yet');
    await app.events.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Message' })).toBeNull());
  });

  it('shows rows as cards on a 390 px phone', async () => {
    stubPhone();
    renderLog();
    const row = await screen.findByTestId('message-row-5');
    expect(within(row).getAllByRole('cell')[8]).toHaveAttribute('data-label', 'Last error');
  });

  it('is refused to an agent', async () => {
    const app = renderApp('/admin/messages', { user: makeUser('agent') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized Access' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/unauthorized');
  });
});

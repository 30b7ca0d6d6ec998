import { SUPPORT_SEARCH_DEBOUNCE_MS, type TSupportMessage } from '@lending/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const message = (id: number, overrides: Partial<TSupportMessage> = {}): TSupportMessage => ({
  id,
  subject: 'Payment Issue',
  message: `My EMI ${id} shows unpaid`,
  category: 'billing',
  rating: null,
  status: 'Pending',
  createdAt: '2026-11-21T06:30:00.000Z',
  user: { id: 40 + id, name: `Writer ${id}`, Role: { name: 'user' } },
  ...overrides,
});

const messages = [
  message(1, { subject: 'Review & Ratings', category: 'general', rating: 4 }),
  message(2, { status: 'In-Progress', user: { id: 9, name: 'Ravi Field', Role: { name: 'agent' } } }),
];
const page = {
  messages,
  total: 72,
  totalPages: 8,
  page: 1,
  counts: { Pending: 50, 'In-Progress': 12, Resolved: 10 },
};

const listCalls = (calls: TMockCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/support');
const lastQuery = (calls: TMockCall[]) => listCalls(calls).at(-1)?.url.searchParams;

const renderSupport = (api: Record<string, TMockReply | ((call: TMockCall) => TMockReply)> = {}) =>
  renderApp('/admin/support-messages', {
    user: makeUser('admin'),
    api: { 'GET /support': { body: page }, ...api },
  });

describe('Support Messages', { timeout: 30_000 }, () => {
  it('shows the total, the counts per status, the summary and the cards', async () => {
    const app = renderSupport();
    const review = await screen.findByTestId('support-message-1');
    expect(screen.getByTestId('support-total')).toHaveTextContent('72');
    expect(screen.getByTestId('support-card-Pending')).toHaveTextContent('50');
    expect(screen.getByTestId('support-card-In-Progress')).toHaveTextContent('12');
    expect(screen.getByTestId('support-card-Resolved')).toHaveTextContent('10');
    expect(screen.getByTestId('support-summary')).toHaveTextContent('Showing 1–2 of 72 · Page 1 of 8');
    expect(review).toHaveTextContent('Review & Ratings');
    expect(review).toHaveTextContent('general');
    expect(within(review).getByLabelText('Rating 4 of 5')).toBeInTheDocument();
    expect(review).toHaveTextContent('Writer 1 (user)');
    expect(review).toHaveTextContent('21 Nov 2026, 12:00 PM');
    const other = screen.getByTestId('support-message-2');
    expect(other).toHaveTextContent('Ravi Field (agent)');
    expect(within(other).queryByLabelText(/Rating/)).not.toBeInTheDocument();
    expect(lastQuery(app.calls)?.get('pageSize')).toBe('10');
    // A window of five numbered pages.
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('button', { name: 'Page 5' })).toBeInTheDocument();
    expect(within(pager).queryByRole('button', { name: 'Page 6' })).not.toBeInTheDocument();
    await app.events.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastQuery(app.calls)?.get('page')).toBe('3'));
  });

  it('filters by status at once and by search after the pause, back on page 1', async () => {
    const app = renderSupport();
    await screen.findByTestId('support-message-1');
    await app.events.click(screen.getByRole('combobox', { name: 'Status' }));
    await app.events.click(await screen.findByRole('option', { name: 'Resolved' }));
    await waitFor(() => expect(lastQuery(app.calls)?.get('status')).toBe('Resolved'));
    await app.events.type(screen.getByRole('textbox', { name: 'Search' }), 'emi');
    await new Promise((resolve) => setTimeout(resolve, SUPPORT_SEARCH_DEBOUNCE_MS + 100));
    await waitFor(() => expect(lastQuery(app.calls)?.get('search')).toBe('emi'));
    expect(lastQuery(app.calls)?.get('page')).toBe('1');
  });

  it('sets a status from the dropdown and says so', async () => {
    const app = renderSupport({
      'PATCH /support/1': (call) => ({
        body: {
          message: 'Status updated successfully',
          data: { ...messages[0], ...JSON.parse(String(call.init.body)) },
        },
      }),
    });
    const card = await screen.findByTestId('support-message-1');
    await app.events.click(within(card).getByRole('combobox', { name: 'Status of message 1' }));
    await app.events.click(await screen.findByRole('option', { name: 'Resolved' }));
    expect(await screen.findByText('Status updated successfully')).toBeInTheDocument();
    const patch = app.calls.find((call) => call.method === 'PATCH');
    expect(JSON.parse(String(patch?.init.body))).toEqual({ status: 'Resolved' });
  });

  it("says 'Failed to update status' when the change fails", async () => {
    const app = renderSupport({ 'PATCH /support/2': { status: 500, body: {} } });
    const card = await screen.findByTestId('support-message-2');
    await app.events.click(within(card).getByRole('combobox', { name: 'Status of message 2' }));
    await app.events.click(await screen.findByRole('option', { name: 'Pending' }));
    expect(await screen.findByText('Failed to update status')).toBeInTheDocument();
  });

  it("shows 'No Support Messages' when none match, and the load failure", async () => {
    renderSupport({ 'GET /support': { status: 500, body: {} } });
    expect(await screen.findByText('Failed to fetch support messages')).toBeInTheDocument();
    expect(screen.getByText('No Support Messages')).toBeInTheDocument();
  });

  it('keeps agents out', async () => {
    const app = renderApp('/admin/support-messages', { user: makeUser('agent') });
    await waitFor(() => expect(app.pathname()).toBe('/unauthorized'));
  });
});

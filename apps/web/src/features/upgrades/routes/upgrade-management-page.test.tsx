import { type TUpdateStatusRecord, updateMessages } from '@lending/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const record = (overrides: Partial<TUpdateStatusRecord>): TUpdateStatusRecord => ({
  id: 1,
  required_version: '2.0.0',
  current_version: '1.0.0',
  status: 'required',
  comments: null,
  last_updated_at: '2026-11-21T06:30:00.000Z',
  user_id: 10,
  user: { name: 'Superadmin Person', email: 'superadmin@example.com' },
  ...overrides,
});

const history = [
  record({ id: 3, status: 'permitted' }),
  record({ id: 2, status: 'required', comments: 'Security fix' }),
  record({ id: 1, status: 'up_to_date', required_version: '1.0.0' }),
];

type THandler = (call: TMockCall) => TMockReply;

const renderPage = (current: TUpdateStatusRecord, overrides: Record<string, THandler | TMockReply> = {}) =>
  renderApp('/admin/upgrade-management', {
    user: makeUser('superadmin'),
    api: {
      'GET /update-status': { body: current },
      'GET /update-status/history': { body: { records: history, page: 1, totalPages: 2, total: 13 } },
      'GET /users': { body: { users: [{ id: 10, name: 'Superadmin Person' }], total: 1, totalPages: 1 } },
      'POST /update-status': { body: { message: 'ok', status: current } },
      ...overrides,
    },
  });

const formStatus = () =>
  within(screen.getByTestId('update-status-form')).getByRole('combobox', { name: /Status/ });
const bodyOf = (call: TMockCall | undefined) => JSON.parse(String(call?.init.body ?? '{}'));
const posts = (calls: TMockCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/update-status');

describe('Upgrade Management', { timeout: 30_000 }, () => {
  it('shows the current status and pre-selects a loaded status in the form', async () => {
    renderPage(record({ status: 'permitted' }));
    const card = await screen.findByTestId('update-current-status');
    await waitFor(() => expect(card).toHaveTextContent('Permitted'));
    expect(card).toHaveTextContent('Required version: 2.0.0');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Required Version/ })).toHaveValue('2.0.0'),
    );
    await waitFor(() => expect(formStatus()).toHaveValue('Permitted'));
  });

  it('defaults the form to required when the status is up to date', async () => {
    renderPage(record({ status: 'up_to_date' }));
    await screen.findByText('Up to Date', { selector: '[data-testid="update-current-status"] *' });
    expect(formStatus()).toHaveValue('Required');
  });

  it('posts the whole form and says so inline in green', async () => {
    const app = renderPage(record({ status: 'up_to_date', id: null }));
    const required = await screen.findByRole('textbox', { name: /Required Version/ });
    await waitFor(() => expect(required).toHaveValue('2.0.0'));
    await app.events.clear(required);
    await app.events.type(required, '3.1.0');
    await app.events.type(screen.getByRole('textbox', { name: /Comments/ }), 'New release');
    await app.events.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByTestId('update-message')).toHaveTextContent(updateMessages.updated);
    expect(bodyOf(posts(app.calls).at(-1))).toEqual({
      status: 'required',
      required_version: '3.1.0',
      current_version: '1.0.0',
      comments: 'New release',
    });
  });

  it('refuses an empty required version without calling', async () => {
    const app = renderPage(record({ status: 'unknown', id: null, required_version: null }));
    await app.events.click(await screen.findByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText(updateMessages.requiredVersionRequired)).toBeInTheDocument();
    expect(posts(app.calls)).toHaveLength(0);
  });

  it('offers Permit on required rows and Mark Up to Date on permitted ones, status only', async () => {
    const app = renderPage(record({ status: 'permitted' }));
    const requiredRow = await screen.findByTestId('update-history-row-2');
    expect(requiredRow).toHaveTextContent('Security fix');
    expect(within(screen.getByTestId('update-history-row-1')).queryByRole('button')).toBeNull();
    await app.events.click(within(requiredRow).getByRole('button', { name: 'Permit' }));
    await waitFor(() => expect(bodyOf(posts(app.calls).at(-1))).toEqual({ status: 'permitted' }));
    const permittedRow = screen.getByTestId('update-history-row-3');
    await app.events.click(within(permittedRow).getByRole('button', { name: 'Mark Up to Date' }));
    await waitFor(() => expect(bodyOf(posts(app.calls).at(-1))).toEqual({ status: 'up_to_date' }));
  });

  it("shows the server's refusal inline in red", async () => {
    const app = renderPage(record({ status: 'required' }), {
      'POST /update-status': {
        status: 409,
        body: { code: 'UPDATE_NOT_PERMITTED', message: updateMessages.notPermitted },
      },
    });
    const version = await screen.findByRole('textbox', { name: /Required Version/ });
    await waitFor(() => expect(version).toHaveValue('2.0.0'));
    expect(formStatus()).toHaveValue('Required');
    await app.events.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByTestId('update-message')).toHaveTextContent(updateMessages.notPermitted);
  });

  it('filters the history by status and version and pages with Prev/Next', async () => {
    const app = renderPage(record({}));
    await screen.findByTestId('update-history-row-3');
    expect(screen.getByTestId('update-history-page')).toHaveTextContent('Page 1 of 2');
    await app.events.click(screen.getByRole('button', { name: 'Next' }));
    const query = () =>
      app.calls.filter((call) => call.path === '/update-status/history').at(-1)?.url.searchParams;
    await waitFor(() => expect(query()?.get('page')).toBe('2'));
    await app.events.type(screen.getByRole('textbox', { name: 'Version' }), '2.0.0');
    await waitFor(() => expect(query()?.get('version')).toBe('2.0.0'));
    expect(query()?.get('page')).toBe('1');
    expect(query()?.get('limit')).toBe('10');
  });

  it('says when the current status cannot be loaded, and ignores a failing history', async () => {
    renderPage(record({}), {
      'GET /update-status': { status: 500, body: { code: 'INTERNAL', message: 'boom' } },
      'GET /update-status/history': { status: 500, body: { code: 'INTERNAL', message: 'boom' } },
    });
    expect(await screen.findByTestId('update-status-load-failed')).toHaveTextContent(
      updateMessages.fetchFailed,
    );
    expect(await screen.findByText('No history found')).toBeInTheDocument();
  });
});

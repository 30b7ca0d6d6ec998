import { REMOVE_ALL_CONFIRMATION, type TTokenRecord, tokenMessages } from '@lending/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const hashOf = (digit: string) => digit.repeat(64);

const token = (digit: string, overrides: Partial<TTokenRecord> = {}): TTokenRecord => ({
  user_id: 30,
  access_token_hash: hashOf(digit),
  device_type: 'web',
  device_name: null,
  device_id: null,
  ip_address: '10.0.0.5',
  user_agent: 'Mozilla/5.0',
  created_at: ago(86_400_000),
  last_used_at: ago(10_000),
  expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  is_active: true,
  is_expired: false,
  is_current: false,
  User: { name: 'Asha Agent', email: 'asha@example.com', Role: { name: 'agent' } },
  ...overrides,
});

const tokens = [
  token('a', {
    is_current: true,
    user_id: 10,
    User: { name: 'Super Person', email: 'superadmin@example.com', Role: { name: 'superadmin' } },
  }),
  token('b', { last_used_at: ago(5 * 60_000), device_type: 'android' }),
  token('c', { is_active: false, last_used_at: ago(3 * 3_600_000) }),
  token('d', { last_used_at: ago(2 * 86_400_000), expires_at: ago(1000), is_expired: true }),
];

type THandler = (call: TMockCall) => TMockReply;

const renderTokens = (overrides: Record<string, THandler | TMockReply> = {}) =>
  renderApp('/admin/token-management', {
    user: makeUser('superadmin'),
    api: {
      'GET /auth/admin/tokens': {
        body: {
          tokens,
          pagination: { current_page: 1, total_pages: 3, total_items: 45, items_per_page: 20 },
        },
      },
      'GET /auth/admin/token-stats': { body: { stats: { total: 45, active: 30, expired: 9 } } },
      'GET /users': { body: { users: [{ id: 30, name: 'Asha Agent' }], total: 1, totalPages: 1 } },
      [`GET /auth/admin/tokens/30/${hashOf('b')}`]: { body: { token: tokens[1] } },
      [`POST /auth/admin/tokens/30/${hashOf('b')}/revoke`]: {
        body: { message: 'Token revoked successfully' },
      },
      'POST /auth/admin/cleanup-tokens': { body: { message: 'ok', cleaned_count: 7 } },
      'POST /auth/admin/tokens/remove-all': {
        body: { message: 'ok', deleted_count: 44, current_session_kept: true },
      },
      ...overrides,
    },
  });

const row = (digit: string) => screen.findByTestId(`token-row-${hashOf(digit).slice(0, 12)}`);
const listQuery = (calls: TMockCall[]) =>
  calls.filter((call) => call.path === '/auth/admin/tokens').at(-1)?.url.searchParams;
const callsTo = (calls: TMockCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

describe('Token Management', { timeout: 30_000 }, () => {
  it('shows the three cards and the sessions with their state and Last used labels', async () => {
    renderTokens();
    const own = await row('a');
    expect(screen.getByTestId('token-card-Total')).toHaveTextContent('45');
    expect(screen.getByTestId('token-card-Active')).toHaveTextContent('30');
    expect(screen.getByTestId('token-card-Expired')).toHaveTextContent('9');
    expect(own).toHaveTextContent('Current session');
    expect(own).toHaveTextContent('Just now');
    expect(await row('b')).toHaveTextContent('5 minutes ago');
    expect(await row('c')).toHaveTextContent('3 hours ago');
    expect(await row('c')).toHaveTextContent('Revoked');
    expect(await row('d')).toHaveTextContent('2 days ago');
    expect(await row('d')).toHaveTextContent('Expired');
    expect(screen.getByTestId('token-page-info')).toHaveTextContent('45 tokens · Page 1 of 3');
  });

  it('applies the filters only on Apply Filters, and Reset clears them', async () => {
    const app = renderTokens();
    await row('a');
    await app.events.type(screen.getByRole('textbox', { name: 'Search' }), 'asha');
    expect(listQuery(app.calls)?.get('search')).toBeNull();
    await app.events.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(listQuery(app.calls)?.get('search')).toBe('asha'));
    expect(listQuery(app.calls)?.get('limit')).toBe('20');
    await app.events.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    // Back to the unfiltered list (read again from the cache or the server).
    await app.events.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listQuery(app.calls)?.get('page')).toBe('2'));
    expect(listQuery(app.calls)?.get('search')).toBeNull();
  });

  it('pages with the numbered pager', async () => {
    const app = renderTokens();
    await row('a');
    await app.events.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listQuery(app.calls)?.get('page')).toBe('2'));
  });

  it('opens the details modal, never showing more than the hash', async () => {
    const app = renderTokens();
    await app.events.click(within(await row('b')).getByRole('button', { name: 'Details' }));
    const details = await screen.findByTestId('token-details');
    expect(details).toHaveTextContent(hashOf('b'));
    expect(details).toHaveTextContent('Mozilla/5.0');
  });

  it('revokes a session after confirmation', async () => {
    const app = renderTokens();
    await app.events.click(within(await row('b')).getByRole('button', { name: 'Revoke' }));
    await app.events.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Token revoked successfully')).toBeInTheDocument();
    expect(callsTo(app.calls, 'POST', `/auth/admin/tokens/30/${hashOf('b')}/revoke`)).toHaveLength(1);
  });

  it('cleans up expired tokens after confirmation', async () => {
    const app = renderTokens();
    await row('a');
    await app.events.click(screen.getByRole('button', { name: 'Cleanup Expired' }));
    await app.events.click(await screen.findByRole('button', { name: 'Cleanup' }));
    expect(await screen.findByText('Cleaned up 7 tokens')).toBeInTheDocument();
  });

  it('removes all tokens only with the exact typed confirmation', async () => {
    const app = renderTokens();
    await row('a');
    const open = () => app.events.click(screen.getByRole('button', { name: 'Remove All Tokens' }));
    await open();
    await app.events.type(await screen.findByRole('textbox', { name: 'Confirmation' }), 'remove all');
    await app.events.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove All Tokens' }),
    );
    expect(await screen.findByText(tokenMessages.removeAllCancelled)).toBeInTheDocument();
    expect(callsTo(app.calls, 'POST', '/auth/admin/tokens/remove-all')).toHaveLength(0);

    await open();
    await app.events.type(
      await screen.findByRole('textbox', { name: 'Confirmation' }),
      REMOVE_ALL_CONFIRMATION,
    );
    await app.events.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove All Tokens' }),
    );
    expect(await screen.findByText('Removed 44 tokens. Your current session was kept.')).toBeInTheDocument();
    const [call] = callsTo(app.calls, 'POST', '/auth/admin/tokens/remove-all');
    expect(JSON.parse(String(call?.init.body))).toEqual({ confirm: true });
  });

  it("shows the server's message when the list fails", async () => {
    renderTokens({
      'GET /auth/admin/tokens': { status: 500, body: { code: 'INTERNAL', message: 'Database down' } },
    });
    expect(await screen.findByText('Database down')).toBeInTheDocument();
    expect(await screen.findByText('No tokens found')).toBeInTheDocument();
  });
});

import { type TUpdateStatusRecord, updateMessages } from '@lending/domain';
import { notifications } from '@mantine/notifications';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

configure({ asyncUtilTimeout: 8000 });

const current = (status: TUpdateStatusRecord['status']): TUpdateStatusRecord => ({
  id: 4,
  required_version: '2.0.0',
  current_version: '1.5.0',
  status,
  comments: null,
  last_updated_at: '2026-11-21T06:30:00.000Z',
  user_id: 10,
  user: { name: 'Superadmin Person', email: 'superadmin@example.com' },
});

const renderDashboard = (
  role: 'admin' | 'superadmin',
  status: TUpdateStatusRecord['status'],
  post: ((call: TMockCall) => TMockReply) | TMockReply = { body: { message: 'ok', status: current(status) } },
) =>
  renderApp('/admin/dashboard', {
    user: makeUser(role),
    api: { 'GET /update-status': { body: current(status) }, 'POST /update-status': post },
  });

const posted = (calls: TMockCall[]) =>
  calls
    .filter((call) => call.method === 'POST' && call.path === '/update-status')
    .map((call) => JSON.parse(String(call.init.body)).status);

describe('the software update banner', { timeout: 30_000 }, () => {
  it('shows the versions, and lets a superadmin approve a required upgrade', async () => {
    const app = renderDashboard('superadmin', 'required');
    const banner = await screen.findByTestId('software-update-banner');
    expect(banner).toHaveTextContent('Current version: 1.5.0 · Required version: 2.0.0');
    expect(screen.getByTestId('page-admin-dashboard')).toBeInTheDocument();
    await app.events.click(within(banner).getByRole('button', { name: 'Approve Upgrade' }));
    expect(await screen.findByTestId('software-update-message')).toHaveTextContent(updateMessages.permitted);
    expect(posted(app.calls)).toEqual(['permitted']);
  });

  it('offers no approval to an admin, whose upgrade fails without permission', async () => {
    const app = renderDashboard('admin', 'required', {
      status: 409,
      body: { code: 'UPDATE_NOT_PERMITTED', message: updateMessages.notPermitted },
    });
    const banner = await screen.findByTestId('software-update-banner');
    expect(within(banner).queryByRole('button', { name: 'Approve Upgrade' })).toBeNull();
    await app.events.click(within(banner).getByRole('button', { name: 'Update Now' }));
    expect(await screen.findByRole('progressbar', { name: 'Upgrade progress' })).toBeInTheDocument();
    expect(await screen.findByTestId('upgrade-result')).toHaveTextContent(updateMessages.notPermitted);
    expect(posted(app.calls)).toEqual(['in_progress']);
    // The modal closes 2 s after the result.
    await waitFor(() => expect(screen.queryByTestId('upgrade-result')).toBeNull());
  });

  it('runs a permitted upgrade to up to date', async () => {
    const app = renderDashboard('admin', 'permitted');
    const banner = await screen.findByTestId('software-update-banner');
    // A permitted upgrade runs its bar for 10 s: the clock is moved on rather than waited for.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await app.events.click(within(banner).getByRole('button', { name: 'Update Now' }));
      await vi.advanceTimersByTimeAsync(10_100);
      expect(await screen.findByTestId('upgrade-result')).toHaveTextContent(
        'App has been updated successfully!',
      );
      expect(posted(app.calls)).toEqual(['in_progress', 'up_to_date']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('announces an available update once a browser session', async () => {
    window.sessionStorage.clear();
    renderDashboard('admin', 'required');
    expect(await screen.findByText(updateMessages.updateAvailable)).toBeInTheDocument();
    cleanup();
    // Toasts live in a store of their own: empty it, so only a second announcement could show.
    notifications.clean();
    renderDashboard('admin', 'permitted');
    await screen.findByTestId('software-update-banner');
    expect(screen.queryByText(updateMessages.updateAvailable)).toBeNull();
  });

  it('holds its place while the status loads, then shows the answer there', async () => {
    let answer: (reply: TMockReply) => void = () => undefined;
    renderApp('/admin/dashboard', {
      user: makeUser('admin'),
      api: { 'GET /update-status': () => new Promise<TMockReply>((resolve) => (answer = resolve)) },
    });
    const checking = await screen.findByTestId('software-update-checking');
    expect(checking).toHaveTextContent('Checking…');
    answer({ body: current('permitted') });
    expect(await screen.findByTestId('software-update-banner')).toHaveTextContent('Required version: 2.0.0');
    expect(screen.queryByTestId('software-update-checking')).toBeNull();
  });

  it('stays away when the status cannot be read', async () => {
    renderApp('/admin/dashboard', { user: makeUser('admin') });
    expect(await screen.findByTestId('page-admin-dashboard')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('software-update-checking')).toBeNull());
    expect(screen.queryByTestId('software-update-banner')).toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { settingsStorageKey } from '../lib/local-settings';

beforeEach(() => window.localStorage.clear());

const admin = makeUser('admin');
const stored = (userId: number) =>
  JSON.parse(window.localStorage.getItem(settingsStorageKey(userId)) ?? 'null');

describe('Settings', { timeout: 30_000 }, () => {
  it('saves the open tab’s settings in the browser and names the tab in its message', async () => {
    const app = renderApp('/admin/settings', { user: admin });
    await app.events.click(await screen.findByRole('tab', { name: 'Privacy' }));
    await app.events.click(screen.getByRole('switch', { name: 'Data Sharing' }));
    await app.events.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Privacy settings saved successfully!')).toBeInTheDocument();
    expect(stored(admin.id)).toMatchObject({ dataSharing: true, language: 'en', sessionTimeout: 30 });
    expect(app.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('offers the session timeouts and stores the one picked as a number', async () => {
    const app = renderApp('/admin/settings', { user: admin });
    await app.events.click(await screen.findByRole('tab', { name: 'Security' }));
    await app.events.click(screen.getByRole('combobox', { name: 'Session Timeout' }));
    for (const minutes of [15, 30, 60, 120])
      expect(await screen.findByRole('option', { name: `${minutes} minutes` })).toBeInTheDocument();
    await app.events.click(screen.getByRole('option', { name: '120 minutes' }));
    await app.events.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Security settings saved successfully!')).toBeInTheDocument();
    expect(stored(admin.id).sessionTimeout).toBe(120);
  });

  it('reads what was saved before, and opens for agents under /agent/settings', async () => {
    const agent = makeUser('agent');
    window.localStorage.setItem(settingsStorageKey(agent.id), JSON.stringify({ smsNotifications: true }));
    renderApp('/agent/settings', { user: agent });
    expect(await screen.findByRole('switch', { name: 'SMS Notifications' })).toBeChecked();
  });

  it('checks only that the new passwords match before asking the server', async () => {
    const app = renderApp('/admin/settings', {
      user: admin,
      api: { 'PUT /users/change-password': { body: { message: 'Password changed successfully' } } },
    });
    await app.events.click(await screen.findByRole('tab', { name: 'Security' }));
    await app.events.type(screen.getByLabelText('Current Password'), 'old');
    await app.events.type(screen.getByLabelText('New Password'), 'abc');
    await app.events.type(screen.getByLabelText('Confirm New Password'), 'abd');
    await app.events.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
    await app.events.type(screen.getByLabelText('Confirm New Password'), '{Backspace}c');
    await app.events.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    await waitFor(() =>
      expect(app.calls.find((call) => call.method === 'PUT')?.init.body).toBe(
        JSON.stringify({ currentPassword: 'old', newPassword: 'abc' }),
      ),
    );
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { columnHeaders, expectTexts } from '../../../test/assertions';
import { pinnedClock } from '../../../test/dashboard-fixtures';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const CHANNELS = [
  {
    channel: 'sms',
    provider: 'msg91',
    configured: true,
    rate_per_second: 10,
    last_success_at: '2026-11-21T05:30:09.000Z',
    failures_last_hour: 2,
    queued: 14,
  },
  {
    channel: 'whatsapp',
    provider: 'none',
    configured: false,
    rate_per_second: 0,
    last_success_at: null,
    failures_last_hour: 0,
    queued: 0,
  },
];

const renderDashboard = (role: 'admin' | 'superadmin', channels: { status?: number; body: unknown }) =>
  renderApp('/admin/dashboard', {
    user: makeUser(role),
    api: { 'GET /clock': pinnedClock(), 'GET /messages/channels': channels },
  });

describe("System Status' message channels", { timeout: 30_000 }, () => {
  it.each(['admin', 'superadmin'] as const)(
    'shows each channel to the %s in the System Status panel',
    async (role) => {
      renderDashboard(role, { body: { channels: CHANNELS } });
      const panel = await screen.findByTestId('system-status');
      const sms = await within(panel).findByTestId('message-channel-sms');
      expect(columnHeaders(within(panel).getByRole('table', { name: 'Message channels' }))).toEqual([
        'Channel',
        'Provider',
        'Configured',
        'Pace',
        'Last success',
        'Failures (last hour)',
        'Queued',
      ]);
      expectTexts(sms, ['SMS', 'msg91', 'Yes', '10 a second', '21-11-2026 11:00', '2', '14']);
      expectTexts(within(panel).getByTestId('message-channel-whatsapp'), [
        'WhatsApp',
        'none',
        'No',
        '-',
        '0',
      ]);
    },
  );

  it('says when the channels cannot be read, and the rest of the panel stays', async () => {
    renderDashboard('admin', { status: 500, body: { message: 'Internal error' } });
    expect(await screen.findByText('Failed to load the message channels')).toBeInTheDocument();
    expect(screen.getByTestId('system-status')).toHaveTextContent('System Status');
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const today = (holiday: { name: string } | null) => ({ body: { date: '2026-11-21', holiday } });

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe("Today's holiday on the dashboards", { timeout: 30_000 }, () => {
  it('tells the agent there are no collections today, with the holiday’s name', async () => {
    const app = renderApp('/agent-dashboard', {
      user: makeUser('agent'),
      api: { 'GET /holidays/today': today({ name: 'Diwali' }) },
    });
    await heading('Agent Dashboard');
    const banner = await screen.findByRole('status', { name: 'Holiday — no collections today' });
    expect(banner).toHaveTextContent('Diwali');
    expect(app.calls.some((call) => call.path === '/holidays/today')).toBe(true);
  });

  it.each([
    ['on a working day', today(null)],
    ['when the call fails', { status: 500, body: {} }],
  ])('shows nothing %s', async (_when, reply) => {
    const app = renderApp('/agent-dashboard', {
      user: makeUser('agent'),
      api: { 'GET /holidays/today': reply },
    });
    await heading('Agent Dashboard');
    await waitFor(() => expect(app.calls.some((call) => call.path === '/holidays/today')).toBe(true));
    // Let the answer land before checking that nothing was drawn from it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('holiday-today-banner')).toBeNull();
  });

  it('shows the banner on the admin dashboard too', async () => {
    renderApp('/admin/dashboard', {
      user: makeUser('admin'),
      api: { 'GET /holidays/today': today({ name: 'Republic Day' }) },
    });
    await heading('Dashboard');
    const banner = await screen.findByRole('status', { name: 'Holiday — no collections today' });
    expect(banner).toHaveTextContent('Republic Day');
  });
});

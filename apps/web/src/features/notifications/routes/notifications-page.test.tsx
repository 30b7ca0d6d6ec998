import type { TNotification } from '@lending/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const entry = (id: number, overrides: Partial<TNotification> = {}): TNotification => ({
  id,
  subject: `Subject ${id}`,
  description: `Description ${id}`,
  image_url: null,
  sent_at: '2026-11-21T06:30:00.000Z',
  ...overrides,
});

const inboxOf = (call: TMockCall) => {
  const page = Number(call.url.searchParams.get('page'));
  return {
    body: {
      notifications:
        page === 1 ? [entry(1, { image_url: 'https://cdn.example.com/a.png' }), entry(2)] : [entry(3)],
      total: 21,
      totalPages: 2,
      page,
    },
  };
};

describe('Notifications inbox', { timeout: 30_000 }, () => {
  it('shows subject, description, image and sent time, with Prev/Next and Page x of y', async () => {
    const app = renderApp('/agent/notifications', {
      user: makeUser('agent'),
      api: { 'GET /users/notifications': inboxOf },
    });
    const first = await screen.findByTestId('notification-1');
    expect(first).toHaveTextContent('Subject 1');
    expect(first).toHaveTextContent('Description 1');
    expect(first).toHaveTextContent('Sent 21 Nov 2026, 12:00 PM');
    expect(screen.getByRole('img', { name: 'Subject 1' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/a.png',
    );
    expect(screen.getByTestId('notifications-page-info')).toHaveTextContent('Page 1 of 2');
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    const query = app.calls.find((call) => call.path === '/users/notifications')?.url.searchParams;
    expect(query?.get('limit')).toBe('20');

    await app.events.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('notification-3')).toBeInTheDocument();
    expect(screen.getByTestId('notifications-page-info')).toHaveTextContent('Page 2 of 2');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("says 'No notifications found.' when the inbox is empty", async () => {
    renderApp('/notifications', {
      user: makeUser('user'),
      api: { 'GET /users/notifications': { body: { notifications: [], total: 0, totalPages: 0, page: 1 } } },
    });
    expect(await screen.findByText('No notifications found.')).toBeInTheDocument();
    expect(screen.getByTestId('notifications-page-info')).toHaveTextContent('Page 1 of 1');
  });

  it('shows the empty state, no error, when the list fails to load', async () => {
    renderApp('/notifications', {
      user: makeUser('user'),
      api: { 'GET /users/notifications': { status: 500, body: { code: 'INTERNAL', message: 'boom' } } },
    });
    expect(await screen.findByText('No notifications found.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('boom')).not.toBeInTheDocument());
  });
});

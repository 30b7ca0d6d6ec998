import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeManagedUser, makeUser } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const users = [
  makeManagedUser('agent', { id: 7, name: 'Ravi Agent', email: 'ravi@example.com' }),
  makeManagedUser('user', { id: 8, name: 'Asha Borrower', email: 'asha@example.com' }),
];

const renderForm = (send: TMockReply | ((call: TMockCall) => TMockReply | Promise<TMockReply>)) =>
  renderApp('/admin/send-notification', {
    user: makeUser('admin'),
    api: {
      'GET /users': { body: { users, total: 2, totalPages: 1 } },
      'POST /users/notifications/send': send,
    },
  });

const fill = async (app: ReturnType<typeof renderForm>, imageUrl = '') => {
  await app.events.type(screen.getByRole('textbox', { name: 'Subject' }), 'Holiday');
  await app.events.type(screen.getByRole('textbox', { name: 'Description' }), 'Office closed on Friday');
  if (imageUrl) await app.events.type(screen.getByRole('textbox', { name: 'Image URL' }), imageUrl);
  await app.events.click(screen.getByPlaceholderText('Select users'));
  await app.events.click(await screen.findByRole('option', { name: 'Ravi Agent (ravi@example.com)' }));
};

describe('Send Notification', { timeout: 30_000 }, () => {
  it('refuses a blank form with the form message and sends nothing', async () => {
    const app = renderForm({ body: { message: 'Notification sent!', sent: 1 } });
    await screen.findByTestId('send-notification-form');
    await app.events.click(screen.getByRole('button', { name: 'Send Notification' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please fill all fields and select at least one user.',
    );
    expect(app.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('refuses an image URL that is not http(s)', async () => {
    const app = renderForm({ body: { message: 'Notification sent!', sent: 1 } });
    await screen.findByTestId('send-notification-form');
    await fill(app, 'javascript:alert(1)');
    await app.events.click(screen.getByRole('button', { name: 'Send Notification' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Image URL must be an http:// or https:// address',
    );
    expect(app.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("sends the users picked as '{name} ({email})', shows 'Sending...' then 'Notification sent!'", async () => {
    let release: () => void = () => undefined;
    const app = renderForm(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { message: 'Notification sent!', sent: 1 } });
        }),
    );
    await screen.findByTestId('send-notification-form');
    await fill(app, 'https://cdn.example.com/x.png');
    await app.events.click(screen.getByRole('button', { name: 'Send Notification' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Notification sent!')).toBeInTheDocument();
    const post = app.calls.find((call) => call.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      user_ids: [7],
      subject: 'Holiday',
      description: 'Office closed on Friday',
      image_url: 'https://cdn.example.com/x.png',
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue(''));
  });

  it("shows the server's refusal, else 'Failed to send notification'", async () => {
    const app = renderForm({ status: 500, body: {} });
    await screen.findByTestId('send-notification-form');
    await fill(app);
    await app.events.click(screen.getByRole('button', { name: 'Send Notification' }));
    expect(await screen.findByText('Failed to send notification')).toBeInTheDocument();
  });
});

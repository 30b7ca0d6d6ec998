import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const borrower = makeUser('user', { name: 'Sunita Devi' });
const SAVED = { channels: ['sms'], language: 'en', opted_out: false };

type THandler = TMockReply | ((call: TMockCall) => TMockReply);
const openProfile = async (user = borrower, extra: Record<string, THandler> = {}) => {
  const app = renderApp(user.role === 'user' ? '/profile' : '/admin/profile', {
    user,
    api: {
      'GET /users/profile/me': { body: user },
      'GET /users/profile/me/messages': { body: SAVED },
      ...extra,
    },
  });
  expect(await screen.findByRole('heading', { name: 'Profile Settings' })).toBeInTheDocument();
  return app;
};

/** The server's answer to a save: the preferences as sent. */
const SAVES: Record<string, THandler> = {
  'PUT /users/profile/me/messages': (call) => ({
    body: { message: 'Message preferences saved', preferences: JSON.parse(String(call.init.body)) },
  }),
};

const puts = (calls: TMockCall[]) =>
  calls
    .filter((call) => call.method === 'PUT' && call.path === '/users/profile/me/messages')
    .map((call) => JSON.parse(String(call.init.body)));

describe("A borrower's message preferences", { timeout: 30_000 }, () => {
  it('shows the saved choice and saves the new one', async () => {
    const app = await openProfile(borrower, SAVES);
    const form = within(await screen.findByTestId('message-preferences'));
    const group = await form.findByRole('group', { name: 'Send me messages by' });
    expect(within(group).getByRole('checkbox', { name: 'SMS' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'WhatsApp' })).not.toBeChecked();
    expect(form.getByRole('combobox', { name: 'Language' })).toHaveValue('English');

    await app.events.click(within(group).getByRole('checkbox', { name: 'E-mail' }));
    await app.events.click(within(group).getByRole('checkbox', { name: 'WhatsApp' }));
    await app.events.click(form.getByRole('combobox', { name: 'Language' }));
    await app.events.click(await screen.findByRole('option', { name: 'हिन्दी' }));
    await app.events.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Message preferences saved')).toBeInTheDocument();
    expect(puts(app.calls)).toEqual([
      { channels: ['sms', 'whatsapp', 'email'], language: 'hi', opted_out: false },
    ]);
  });

  it('stops all messages with the switch', async () => {
    const app = await openProfile(borrower, SAVES);
    const form = within(await screen.findByTestId('message-preferences'));
    const stop = await form.findByRole('switch', { name: 'Stop all messages' });
    expect(stop).toHaveAccessibleDescription(
      'No reminder, receipt or notice is sent to you; messages waiting to be sent are cancelled',
    );
    await app.events.click(stop);
    expect(form.getByRole('checkbox', { name: 'SMS' })).toBeDisabled();
    await app.events.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts(app.calls)).toEqual([{ channels: ['sms'], language: 'en', opted_out: true }]),
    );
  });

  it("shows the server's refusal", async () => {
    const app = await openProfile(borrower, {
      'PUT /users/profile/me/messages': {
        status: 400,
        body: { code: 'VALIDATION_ERROR', message: 'Unknown channel' },
      },
    });
    const form = within(await screen.findByTestId('message-preferences'));
    await app.events.click(await form.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unknown channel')).toBeInTheDocument();
  });

  it('is not offered to staff', async () => {
    const app = await openProfile(makeUser('admin'));
    await screen.findByTestId('profile-form');
    expect(screen.queryByTestId('message-preferences')).toBeNull();
    expect(app.calls.filter((call) => call.path === '/users/profile/me/messages')).toEqual([]);
  });
});

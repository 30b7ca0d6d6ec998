import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser, signIn } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tokenFromMail = () => {
  const text = t.sent.at(-1)?.text ?? '';
  return /token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
};

describe('forgot and reset password', () => {
  it('mails a single-use link that resets the password and ends old sessions', async () => {
    const { user, headers } = await createSignedInUser(t);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(forgot.statusCode).toBe(200);
    expect(t.sent.at(-1)?.to).toBe(user.email);
    expect(t.sent.at(-1)?.text).toContain('http://127.0.0.1:3000/reset-password?token=');
    const token = tokenFromMail();

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'brand-new-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401);
    await expect(signIn(t, user.email, 'brand-new-1')).resolves.toBeTruthy();

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'another-1' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Invalid or expired reset token');
    expect(again.json().code).toBe('RESET_TOKEN_INVALID');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = t.sent.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ghost@example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(
      'If an account exists for that email, a password reset link has been sent.',
    );
    expect(t.sent.length).toBe(before);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t.db);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const token = tokenFromMail();
    t.clock.advance(61 * 60_000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'brand-new-1' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('validates the reset body', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'abcdefg' },
    });
    expect(missing.statusCode).toBe(400);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'x', newPassword: '123' },
    });
    expect(short.json().message).toBe('New password must be at least 6 characters long');
  });
});

describe.each(['PATCH /api/users/me/password', 'PUT /api/users/change-password'])('%s', (route) => {
  const [method, url] = route.split(' ') as ['PATCH' | 'PUT', string];

  it('changes the password, keeps this session and ends the others', async () => {
    const { user, headers } = await createSignedInUser(t);
    const otherToken = await signIn(t, user.email, user.password);
    const response = await t.app.inject({
      method,
      url,
      headers,
      payload: { currentPassword: user.password, newPassword: 'changed-99' },
    });
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(other.statusCode).toBe(401);
    await expect(signIn(t, user.email, 'changed-99')).resolves.toBeTruthy();
  });

  it('refuses a wrong current password, a short new one, and no session', async () => {
    const { headers } = await createSignedInUser(t);
    const change = (payload: object, asUser = true) =>
      t.app.inject({ method, url, payload, ...(asUser && { headers }) });
    const wrong = await change({ currentPassword: 'nope-nope', newPassword: 'changed-99' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_INCORRECT');
    const short = await change({ currentPassword: 'secret123', newPassword: '12' });
    expect(short.statusCode).toBe(400);
    const anonymous = await change({ currentPassword: 'secret123', newPassword: 'changed-99' }, false);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/auth/users (reference picker)', () => {
  it('answers anonymous callers only for a search, with masked e-mails', async () => {
    const customer = await createUser(t.db, { name: 'Lakshmi Narayan', email: 'lakshmi.n@example.com' });
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/users' });
    expect(none.json()).toEqual({ users: [] });
    const found = await t.app.inject({ method: 'GET', url: '/api/auth/users?search=laksh' });
    expect(found.json().users).toEqual([
      { id: customer.id, name: 'Lakshmi Narayan', email: 'la•••@example.com' },
    ]);
  });

  it('answers signed-in callers with full e-mails, matching case-insensitively', async () => {
    const { headers } = await createSignedInUser(t, { role: 'admin' });
    await createUser(t.db, { name: 'Suresh Patil', email: 'suresh.patil@example.com' });
    const found = await t.app.inject({ method: 'GET', url: '/api/auth/users?search=SURESH', headers });
    expect(found.json().users).toEqual([
      expect.objectContaining({ name: 'Suresh Patil', email: 'suresh.patil@example.com' }),
    ]);
  });

  it('treats LIKE wildcards in the search as text', async () => {
    const found = await t.app.inject({ method: 'GET', url: '/api/auth/users?search=%25%25' });
    expect(found.json().users).toEqual([]);
  });
});

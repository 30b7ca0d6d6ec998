import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { roleIdOf, sendForm, superadminHeaders, userForm } from '../../../test/support/users';
import { loadConfig } from '../../config';
import { authTokens } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionIdleHours: 12 });
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
const HOUR = 3_600_000;

describe('the idle timeout (SESSION_IDLE_HOURS)', () => {
  it('defaults to 12 hours', () => {
    expect(loadConfig({}).sessionIdleHours).toBe(12);
    expect(loadConfig({ SESSION_IDLE_HOURS: '2' }).sessionIdleHours).toBe(2);
    expect(() => loadConfig({ SESSION_IDLE_HOURS: '0' })).toThrow(/SESSION_IDLE_HOURS/);
  });

  it('keeps a session that is used, and refuses and ends one unused for longer', async () => {
    const { user, headers } = await createSignedInUser(t);
    t.clock.advance(11 * HOUR);
    expect((await me(headers)).statusCode).toBe(200);
    t.clock.advance(11 * HOUR);
    expect((await me(headers)).statusCode).toBe(200);
    t.clock.advance(12 * HOUR + 60_000);
    const idle = await me(headers);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().code).toBe('UNAUTHENTICATED');
    const [row] = await t.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(row?.isActive).toBe(false);
  });
});

describe('deactivating a user', () => {
  it('ends their sessions for good: reactivation does not revive them', async () => {
    const admin = await superadminHeaders(t);
    const { user, headers } = await createSignedInUser(t);
    const roleId = await roleIdOf(t, 'user');
    const form = { ...userForm(roleId), name: user.name, email: user.email, mobile: '9876543210' };
    const save = (active: boolean) =>
      sendForm(t, 'PUT', `/api/users/${user.id}`, admin, {
        ...form,
        password: '',
        is_active: String(active),
      });
    expect((await save(false)).statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
    expect((await save(true)).statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
  });
});

describe('a user signed in on several devices', () => {
  const secondDevice = async (email: string, password: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-device-type': 'android', 'x-device-name': 'Field phone' },
      payload: { email, password },
    });
    return { authorization: `Bearer ${response.json().token}` };
  };

  it('signs out of one device only: the other session goes on', async () => {
    const { user, headers } = await createSignedInUser(t, { role: 'agent' });
    const phone = await secondDevice(user.email, user.password);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
  });

  it('loses every session when deactivated, and a sign-in with the right password is refused', async () => {
    const admin = await superadminHeaders(t);
    const { user, headers } = await createSignedInUser(t, { role: 'agent' });
    const phone = await secondDevice(user.email, user.password);
    const roleId = await roleIdOf(t, 'agent');
    const form = { ...userForm(roleId), name: user.name, email: user.email, mobile: '9876543211' };
    const saved = await sendForm(t, 'PUT', `/api/users/${user.id}`, admin, {
      ...form,
      password: '',
      is_active: 'false',
    });
    expect(saved.statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    const rows = await t.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(rows.map((row) => row.isActive)).toEqual([false, false]);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(again.json().code).toBe('ACCOUNT_INACTIVE');
  });
});

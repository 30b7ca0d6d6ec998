import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { auditLogs, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });

describe('GET /api/auth/me and sessions', () => {
  it('answers the signed-in user', async () => {
    const { user, headers } = await createSignedInUser(t, { role: 'agent' });
    const response = await me(headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'agent',
      Role: { name: 'agent' },
    });
  });

  it('refuses a missing, malformed or unknown token with 401', async () => {
    expect((await me({})).json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Authentication required' });
    expect((await me({ authorization: 'Basic abc' })).statusCode).toBe(401);
    const unknown = await me({ authorization: 'Bearer not-a-real-token' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Invalid or expired token' });
  });

  it('refuses an expired token', async () => {
    const { headers } = await createSignedInUser(t);
    t.clock.advance(169 * 3_600_000);
    try {
      expect((await me(headers)).statusCode).toBe(401);
    } finally {
      t.clock.advance(-169 * 3_600_000);
    }
  });

  it('revokes the token on logout, effective on the next request, and audits it', async () => {
    const { user, headers } = await createSignedInUser(t);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: 'Logged out successfully' });
    expect((await me(headers)).statusCode).toBe(401);
    const actions = (await t.db.select().from(auditLogs).where(eq(auditLogs.userId, user.id))).map(
      (row) => row.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['login', 'logout']));
  });

  it('ends the session of a user who is deactivated', async () => {
    const { user, headers } = await createSignedInUser(t);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await me(headers)).statusCode).toBe(401);
  });

  it('refuses logout without a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });
});

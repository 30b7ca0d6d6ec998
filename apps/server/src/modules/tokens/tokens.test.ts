import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../../../test/support/constants';
import { createSignedInUser, signIn } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { type Headers, superadminHeaders } from '../../../test/support/users';
import { auditLogs, authTokens } from '../../db/schema';
import { sha256 } from '../../platform/tokens';

let t: TestApp;
let superadmin: Headers;
beforeAll(async () => {
  t = await createTestApp();
  superadmin = await superadminHeaders(t);
});
afterAll(() => t.close());

const get = (url: string, headers: Headers = superadmin) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers = superadmin, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const me = (headers: Headers) => get('/api/auth/me', headers);
const hashOf = (headers: Headers) => sha256(String(headers.authorization).replace('Bearer ', ''));
const DAY = 86_400_000;

describe('listing sessions', () => {
  it('lists sessions with their user and role, paged, never the token itself', async () => {
    const { user, token } = await createSignedInUser(t, { role: 'agent', name: 'Kiran Field' });
    const response = await get('/api/auth/admin/tokens?search=kiran');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.pagination).toEqual({ current_page: 1, total_pages: 1, total_items: 1, items_per_page: 20 });
    expect(body.tokens[0]).toMatchObject({
      user_id: user.id,
      access_token_hash: sha256(token),
      is_active: true,
      is_expired: false,
      is_current: false,
      User: { name: 'Kiran Field', email: user.email, Role: { name: 'agent' } },
    });
    expect(response.body).not.toContain(token);
  });

  it("marks the caller's own session and filters by user, device type and active flag", async () => {
    const own = (await get('/api/auth/admin/tokens')).json().tokens;
    expect(own.filter((row: { is_current: boolean }) => row.is_current)).toHaveLength(1);
    const phone = await createSignedInUser(t, { role: 'agent' });
    await t.db.update(authTokens).set({ deviceType: 'android' }).where(eq(authTokens.userId, phone.user.id));
    const byDevice = (await get('/api/auth/admin/tokens?device_type=android')).json();
    expect(byDevice.tokens.map((row: { user_id: number }) => row.user_id)).toEqual([phone.user.id]);
    const byUser = (await get(`/api/auth/admin/tokens?user_id=${phone.user.id}`)).json();
    expect(byUser.pagination.total_items).toBe(1);
    expect((await get('/api/auth/admin/tokens?is_active=false')).json().pagination.total_items).toBe(0);
    expect((await get('/api/auth/admin/tokens?limit=1&page=2')).json().pagination).toMatchObject({
      current_page: 2,
      items_per_page: 1,
    });
  });

  it('counts total, active and expired sessions', async () => {
    const before = (await get('/api/auth/admin/token-stats')).json().stats;
    const old = await createSignedInUser(t);
    await t.db
      .update(authTokens)
      .set({ expiresAt: new Date(t.clock.now().getTime() - DAY) })
      .where(eq(authTokens.userId, old.user.id));
    const after = (await get('/api/auth/admin/token-stats')).json().stats;
    expect(after).toEqual({ total: before.total + 1, active: before.active, expired: before.expired + 1 });
  });
});

describe('details and revoking', () => {
  it('answers one session by user and hash, 404 for an unknown one', async () => {
    const { user, headers } = await createSignedInUser(t);
    const details = await get(`/api/auth/admin/tokens/${user.id}/${hashOf(headers)}`);
    expect(details.statusCode).toBe(200);
    expect(details.json().token).toMatchObject({ user_id: user.id, access_token_hash: hashOf(headers) });
    expect((await get(`/api/auth/admin/tokens/${user.id}/${'0'.repeat(64)}`)).statusCode).toBe(404);
    expect((await get(`/api/auth/admin/tokens/${user.id}/not-a-hash`)).statusCode).toBe(400);
  });

  it('refuses a revoked session on its very next request, and audits the revocation', async () => {
    const { user, headers } = await createSignedInUser(t);
    expect((await me(headers)).statusCode).toBe(200);
    const revoked = await post(`/api/auth/admin/tokens/${user.id}/${hashOf(headers)}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'token_revoked'));
    expect(audit?.metadata).toMatchObject({ user_id: user.id });
    expect((await post(`/api/auth/admin/tokens/${user.id}/${'1'.repeat(64)}/revoke`)).statusCode).toBe(404);
  });
});

describe('cleaning up and removing all', () => {
  it('deletes revoked and expired sessions, which stay refused', async () => {
    const expired = await createSignedInUser(t);
    await t.db
      .update(authTokens)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(authTokens.userId, expired.user.id));
    const live = await createSignedInUser(t);
    const response = await post('/api/auth/admin/cleanup-tokens');
    expect(response.statusCode).toBe(200);
    expect(response.json().cleaned_count).toBeGreaterThanOrEqual(3);
    expect((await me(expired.headers)).statusCode).toBe(401);
    expect((await me(live.headers)).statusCode).toBe(200);
    const stats = (await get('/api/auth/admin/token-stats')).json().stats;
    expect(stats.expired).toBe(0);
    expect(stats.total).toBe(stats.active);
  });

  it("needs {confirm: true}, then signs everybody out but the caller's own session", async () => {
    const other = await createSignedInUser(t, { role: 'admin' });
    // A second session of the superadmin is removed too: only the one calling is kept.
    const second = { authorization: `Bearer ${await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password)}` };
    expect((await post('/api/auth/admin/tokens/remove-all', superadmin, {})).statusCode).toBe(400);
    expect((await post('/api/auth/admin/tokens/remove-all', superadmin, { confirm: false })).statusCode).toBe(
      400,
    );
    const response = await post('/api/auth/admin/tokens/remove-all', superadmin, { confirm: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ current_session_kept: true });
    expect(response.json().deleted_count).toBeGreaterThanOrEqual(2);
    expect((await me(other.headers)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(superadmin)).statusCode).toBe(200);
    expect((await get('/api/auth/admin/token-stats')).json().stats.total).toBe(1);
  });
});

describe('who may call', () => {
  it('refuses admins, agents and borrowers every call (403)', async () => {
    const hash = '2'.repeat(64);
    for (const role of ['admin', 'agent', 'user']) {
      const { headers } = await createSignedInUser(t, { role });
      const calls = [
        get('/api/auth/admin/tokens', headers),
        get('/api/auth/admin/token-stats', headers),
        get(`/api/auth/admin/tokens/1/${hash}`, headers),
        post(`/api/auth/admin/tokens/1/${hash}/revoke`, headers),
        post('/api/auth/admin/cleanup-tokens', headers),
        post('/api/auth/admin/tokens/remove-all', headers, { confirm: true }),
      ];
      for (const response of await Promise.all(calls)) expect(response.statusCode, role).toBe(403);
    }
    expect((await get('/api/auth/admin/tokens', {})).statusCode).toBe(401);
  });
});

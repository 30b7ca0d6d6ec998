import { describe, expect, it } from 'vitest';
import { insertProbeAuditRows } from '../../../test/support/audit-rows';
import { createSignedInUser, createUser } from '../../../test/support/factories';
import { type Headers, usersTestApp } from '../../../test/support/users';

const { t, superadmin } = await usersTestApp();

const list = (query: string, headers: Headers = superadmin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/audit-logs${query}`, headers });

/** `count` rows by the user, one minute apart from 09:00 UTC on 1 Nov 2026 upwards, actions as given. */
const seedRows = (userId: number | null, actions: string[]) => {
  const start = Date.parse('2026-11-01T09:00:00Z');
  return insertProbeAuditRows(t.db, userId, actions, (i) => ({
    ipAddress: '10.0.0.1',
    userAgent: 'vitest',
    metadata: { i },
    createdAt: new Date(start + i * 60_000),
  }));
};

describe('GET /api/admin/audit-logs (superadmin)', () => {
  it('answers 50 rows a page by default, newest first, with the actor’s name', async () => {
    const actor = await createUser(t.db, { role: 'admin', name: 'Priya Auditor' });
    await seedRows(actor.id, ['probe_a', 'probe_b', 'probe_c']);
    const body = (await list(`?userId=${actor.id}`)).json();
    expect(body).toMatchObject({ total: 3, totalPages: 1, page: 1 });
    expect(body.logs.map((log: { action: string }) => log.action)).toEqual(['probe_c', 'probe_b', 'probe_a']);
    expect(body.logs[0]).toEqual({
      id: expect.any(Number),
      user_id: actor.id,
      action: 'probe_c',
      resource_type: 'probe',
      resource_id: '2',
      ip_address: '10.0.0.1',
      user_agent: 'vitest',
      metadata: { i: 2 },
      created_at: '2026-11-01T09:02:00.000Z',
      actor: 'Priya Auditor',
    });
    const all = (await list('')).json();
    expect(all.logs.length).toBeLessThanOrEqual(50);
    expect(all.total).toBeGreaterThanOrEqual(3);
  });

  it('matches the action exactly, alone or with the user', async () => {
    const actor = await createUser(t.db, { role: 'agent' });
    await seedRows(actor.id, ['exact_probe', 'exact_probe_more', 'exact_probe', 'EXACT_PROBE']);
    await seedRows(null, ['exact_probe']);
    const both = (await list(`?action=exact_probe&userId=${actor.id}`)).json();
    expect(both.total).toBe(2);
    expect(both.logs.every((log: { action: string }) => log.action === 'exact_probe')).toBe(true);
    const byAction = (await list('?action=%20exact_probe%20')).json();
    expect(byAction.total).toBe(3);
    // A row with no user (the system, or a user since deleted) has no actor.
    expect(byAction.logs.some((log: { actor: string | null }) => log.actor === null)).toBe(true);
  });

  it('pages in SQL with 20, 50 or 100 a page', async () => {
    const actor = await createUser(t.db, { role: 'agent' });
    await seedRows(
      actor.id,
      Array.from({ length: 25 }, (_, i) => `page_probe_${String(i).padStart(2, '0')}`),
    );
    const second = (await list(`?userId=${actor.id}&limit=20&page=2`)).json();
    expect(second).toMatchObject({ total: 25, totalPages: 2, page: 2 });
    expect(second.logs.map((log: { action: string }) => log.action)).toEqual([
      'page_probe_04',
      'page_probe_03',
      'page_probe_02',
      'page_probe_01',
      'page_probe_00',
    ]);
    expect((await list(`?userId=${actor.id}&limit=100`)).json().logs).toHaveLength(25);
    expect((await list(`?userId=${actor.id}&page=9`)).json()).toMatchObject({ logs: [], total: 25 });
  });

  it('lists real changes with their actor: a role created through the API', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: superadmin,
      payload: { name: 'Logged Role' },
    });
    const body = (await list('?action=role_created')).json();
    expect(body.logs[0]).toMatchObject({
      action: 'role_created',
      resource_type: 'role',
      actor: expect.any(String),
    });
    expect(body.logs[0].metadata).toMatchObject({ name: 'Logged Role' });
  });

  it.each([
    ['?limit=30', 'limit must be one of 20, 50, 100'],
    ['?limit=abc', 'limit must be one of 20, 50, 100'],
    ['?page=0', 'page must be a positive integer'],
    ['?userId=abc', 'Invalid user'],
    [`?action=${'x'.repeat(101)}`, 'action must be at most 100 characters'],
  ])('answers %s with 400 and a message', async (query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it.each(['admin', 'agent', 'user'])('refuses role %s with 403 Not authorized', async (role) => {
    const { headers } = await createSignedInUser(t, { role });
    const response = await list('', headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'FORBIDDEN', message: 'Not authorized' });
  });

  it('refuses a caller without a session with 401', async () => {
    expect((await list('', {})).statusCode).toBe(401);
  });
});

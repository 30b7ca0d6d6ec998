import { updateMessages } from '@lending/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { type Headers, superadminHeaders } from '../../../test/support/users';
import { auditLogs } from '../../db/schema';

let t: TestApp;
let superadmin: Headers;
let admin: Headers;
let adminId: number;
let agent: Headers;
let borrower: Headers;
beforeAll(async () => {
  t = await createTestApp();
  superadmin = await superadminHeaders(t);
  const signedAdmin = await createSignedInUser(t, { role: 'admin' });
  admin = signedAdmin.headers;
  adminId = signedAdmin.user.id;
  agent = (await createSignedInUser(t, { role: 'agent' })).headers;
  borrower = (await createSignedInUser(t, { role: 'user' })).headers;
});
afterAll(() => t.close());

const current = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/update-status', headers });
const post = (headers: Headers, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/update-status', headers, payload });
const history = (query = '', headers = superadmin) =>
  t.app.inject({ method: 'GET', url: `/api/update-status/history${query}`, headers });
const statusOf = async () => (await current(superadmin)).json().status;

describe('the update lifecycle', () => {
  it("answers status 'unknown' before the first record", async () => {
    const response = await current(superadmin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: null, status: 'unknown', required_version: null });
  });

  it('refuses starting before a superadmin permitted it (409 with the client message)', async () => {
    const refused = await post(admin, { status: 'in_progress' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'UPDATE_NOT_PERMITTED',
      message: updateMessages.notPermitted,
    });
  });

  it('refuses a first record without a required version (400)', async () => {
    const refused = await post(superadmin, { status: 'required' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { param: 'required_version', msg: updateMessages.requiredVersionRequired },
    ]);
  });

  it('goes required → permitted → in_progress → up_to_date, recording who and when, audited', async () => {
    const required = await post(superadmin, {
      status: 'required',
      required_version: '2.0.0',
      current_version: '1.0.0',
      comments: 'Security fix',
    });
    expect(required.statusCode, required.body).toBe(200);
    expect(required.json()).toMatchObject({
      message: 'Upgrade status updated successfully!',
      status: {
        status: 'required',
        required_version: '2.0.0',
        current_version: '1.0.0',
        comments: 'Security fix',
      },
    });
    expect(required.json().status.user).toMatchObject({ email: expect.any(String) });
    expect(required.json().status.last_updated_at).toBe(t.clock.now().toISOString());

    // An admin can neither permit nor skip the permission.
    expect((await post(admin, { status: 'permitted' })).statusCode).toBe(403);
    expect((await post(admin, { status: 'in_progress' })).statusCode).toBe(409);
    expect((await post(superadmin, { status: 'up_to_date' })).json().code).toBe('UPDATE_NOT_PERMITTED');

    t.clock.advance(60_000);
    const permitted = await post(superadmin, { status: 'permitted' });
    expect(permitted.statusCode).toBe(200);
    // A status-only change keeps the versions and comments.
    expect(permitted.json().status).toMatchObject({
      status: 'permitted',
      required_version: '2.0.0',
      current_version: '1.0.0',
      comments: 'Security fix',
    });
    expect((await post(superadmin, { status: 'permitted' })).json().code).toBe('UPDATE_TRANSITION_REFUSED');

    t.clock.advance(60_000);
    expect((await post(admin, { status: 'in_progress' })).statusCode).toBe(200);
    expect(await statusOf()).toBe('in_progress');
    expect((await post(admin, { status: 'up_to_date' })).statusCode).toBe(200);
    const done = (await current(admin)).json();
    expect(done).toMatchObject({ status: 'up_to_date', user_id: adminId });

    const audited = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'update_status_changed'), eq(auditLogs.resourceType, 'update_status')));
    expect(audited.map((row) => row.metadata.to)).toEqual([
      'required',
      'permitted',
      'in_progress',
      'up_to_date',
    ]);
  });

  it('lets a superadmin mark a permitted update up to date directly (the history row action)', async () => {
    expect((await post(superadmin, { status: 'required', required_version: '3.0.0' })).statusCode).toBe(200);
    expect((await post(superadmin, { status: 'permitted' })).statusCode).toBe(200);
    expect((await post(admin, { status: 'up_to_date' })).statusCode).toBe(403);
    expect((await post(superadmin, { status: 'up_to_date' })).statusCode).toBe(200);
    expect(await statusOf()).toBe('up_to_date');
  });

  it('refuses unknown statuses (400)', async () => {
    expect((await post(superadmin, { status: 'done', required_version: '1' })).statusCode).toBe(400);
  });
});

describe('the history', () => {
  it('lists every change newest first, 10 a page, with page and totalPages', async () => {
    const body = (await history()).json();
    expect(body.records.map((record: { status: string }) => record.status)).toEqual([
      'up_to_date',
      'permitted',
      'required',
      'up_to_date',
      'in_progress',
      'permitted',
      'required',
    ]);
    expect(body).toMatchObject({ page: 1, totalPages: 1, total: 7 });
    const second = (await history('?limit=3&page=2')).json();
    expect(second).toMatchObject({ page: 2, totalPages: 3 });
    expect(second.records).toHaveLength(3);
  });

  it('filters by user, status and version', async () => {
    const byAdmin = (await history(`?userId=${adminId}`)).json();
    expect(byAdmin.records.map((record: { status: string }) => record.status)).toEqual([
      'up_to_date',
      'in_progress',
    ]);
    expect((await history('?status=required')).json().total).toBe(2);
    expect((await history('?version=3.0.0')).json().total).toBe(3);
    expect((await history('?version=1.0.0')).json().total).toBe(4);
    expect((await history('?status=required&version=2.0.0')).json().total).toBe(1);
    expect((await history('?status=nope')).statusCode).toBe(400);
  });
});

describe('who may call', () => {
  it('refuses agents and borrowers every call, admins the history and the superadmin steps (403)', async () => {
    for (const headers of [agent, borrower]) {
      expect((await current(headers)).statusCode).toBe(403);
      expect((await history('', headers)).statusCode).toBe(403);
      expect((await post(headers, { status: 'in_progress' })).statusCode).toBe(403);
    }
    expect((await history('', admin)).statusCode).toBe(403);
    expect((await post(admin, { status: 'required', required_version: '9' })).statusCode).toBe(403);
    expect((await current({})).statusCode).toBe(401);
  });
});

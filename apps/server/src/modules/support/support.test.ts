import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/support/factories';
import { auditActions, type Headers, usersTestApp } from '../../../test/support/users';
import { auditLogs } from '../../db/schema';

const { t, superadmin } = await usersTestApp();
let admin: Headers;
let agent: Awaited<ReturnType<typeof createSignedInUser>>;
let borrower: Awaited<ReturnType<typeof createSignedInUser>>;

const write = (headers: Headers, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/support', headers, payload });
const list = (headers: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/support${query}`, headers });
const patch = (headers: Headers, id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/support/${id}`, headers, payload });
const review = (rating: unknown = 5) => ({
  subject: 'Review & Ratings',
  message: 'Quick collections, polite agent',
  category: 'general',
  rating,
});
const complaint = { subject: 'Payment Issue', message: 'My EMI shows unpaid', category: 'billing' };

const ids: number[] = [];
beforeAll(async () => {
  admin = (await createSignedInUser(t, { role: 'admin' })).headers;
  agent = await createSignedInUser(t, { role: 'agent', name: 'Ravi Field' });
  borrower = await createSignedInUser(t, { role: 'user', name: 'Asha Borrower' });
  // 12 messages: 8 by the borrower (one a review), 4 by the agent.
  for (let i = 0; i < 12; i += 1) {
    t.clock.set(new Date(Date.UTC(2026, 10, 21, 6, i)));
    const by = i < 8 ? borrower : agent;
    const body = i === 0 ? review(4) : { ...complaint, message: `Complaint ${i}` };
    const response = await write(by.headers, body);
    expect(response.statusCode, response.body).toBe(201);
    ids.push(response.json().data.id);
  }
});

describe('POST /api/support', () => {
  it('stores a Pending message with its writer and audits it', async () => {
    const first = (await list(borrower.headers, '?search=collections')).json().messages[0];
    expect(first).toMatchObject({
      subject: 'Review & Ratings',
      category: 'general',
      rating: 4,
      status: 'Pending',
      user: { name: 'Asha Borrower', Role: { name: 'user' } },
    });
    expect(await auditActions(t, ids[0] ?? 0)).toContain('support_created');
  });

  it.each([
    ['a review without a rating', review(null), 'Please give a rating from 1 to 5'],
    ['a rating of 0', review(0), 'Rating must be a whole number from 1 to 5'],
    ['a rating of 6', review(6), 'Rating must be a whole number from 1 to 5'],
    ['a rating of 4.5', review(4.5), 'Rating must be a whole number from 1 to 5'],
    [
      'a rating on a complaint',
      { ...complaint, rating: 3 },
      "Only a 'Review & Ratings' message takes a rating",
    ],
  ])('refuses %s', async (_label, body, msg) => {
    const response = await write(borrower.headers, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ param: 'rating', msg });
  });

  it('refuses a subject or category outside the lists, a blank message and strangers', async () => {
    expect((await write(agent.headers, { ...complaint, subject: 'Hello' })).statusCode).toBe(400);
    expect((await write(agent.headers, { ...complaint, category: 'other' })).statusCode).toBe(400);
    expect((await write(agent.headers, { ...complaint, message: '  ' })).statusCode).toBe(400);
    expect((await write(agent.headers, { ...complaint, message: 'a\u0000b' })).statusCode).toBe(400);
    expect((await write(agent.headers, { ...complaint, message: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await write({}, complaint)).statusCode).toBe(401);
  });
});

describe('GET /api/support', () => {
  it('gives admins every message, 10 a page, newest first, with counts per status', async () => {
    const body = (await list(admin)).json();
    expect(body.messages).toHaveLength(10);
    expect(body.messages[0].id).toBe(ids[11]);
    expect(body).toMatchObject({ total: 12, totalPages: 2, page: 1 });
    expect(body.counts).toEqual({ Pending: 12, 'In-Progress': 0, Resolved: 0 });
  });

  it('gives everyone else only their own', async () => {
    const mine = (await list(agent.headers)).json();
    expect(mine.total).toBe(4);
    expect(mine.messages.every((m: { user: { name: string } }) => m.user.name === 'Ravi Field')).toBe(true);
    expect(mine.counts.Pending).toBe(4);
  });

  it('counts per status over the whole search, whatever the status filter and page', async () => {
    expect((await patch(admin, ids[1] ?? 0, { status: 'Resolved' })).statusCode).toBe(200);
    expect((await patch(admin, ids[9] ?? 0, { status: 'In-Progress' })).statusCode).toBe(200);
    const resolved = (await list(admin, '?status=Resolved&page=1&pageSize=1')).json();
    expect(resolved).toMatchObject({ total: 1, totalPages: 1 });
    expect(resolved.counts).toEqual({ Pending: 10, 'In-Progress': 1, Resolved: 1 });
    const byName = (await list(admin, '?search=ravi')).json();
    expect(byName.counts).toEqual({ Pending: 3, 'In-Progress': 1, Resolved: 0 });
    expect((await list(admin, '?status=Closed')).statusCode).toBe(400);
  });
});

describe('PATCH /api/support/{id}', () => {
  it('sets any status, audited with the one it replaced', async () => {
    const id = ids[2] ?? 0;
    await patch(superadmin, id, { status: 'Resolved' });
    const response = await patch(superadmin, id, { status: 'Pending' });
    expect(response.json()).toMatchObject({
      message: 'Status updated successfully',
      data: { status: 'Pending' },
    });
    const rows = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.resourceId, String(id)));
    expect(rows.at(-1)).toMatchObject({
      action: 'support_status_updated',
      metadata: { from: 'Resolved', to: 'Pending' },
    });
  });

  it('refuses agents and borrowers, an unknown status and an unknown id', async () => {
    expect((await patch(agent.headers, ids[10] ?? 0, { status: 'Resolved' })).statusCode).toBe(403);
    expect((await patch(borrower.headers, ids[1] ?? 0, { status: 'Pending' })).statusCode).toBe(403);
    expect((await patch(admin, ids[1] ?? 0, { status: 'Done' })).statusCode).toBe(400);
    expect((await patch(admin, 999_999, { status: 'Resolved' })).statusCode).toBe(404);
  });
});

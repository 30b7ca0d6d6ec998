import { NOTIFICATION_RECIPIENTS_MAX } from '@lending/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/support/factories';
import { type Headers, usersTestApp } from '../../../test/support/users';
import { auditLogs, notifications } from '../../db/schema';

const { t, superadmin } = await usersTestApp();
let admin: Headers;
let agent: Awaited<ReturnType<typeof createSignedInUser>>;
let borrower: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  admin = (await createSignedInUser(t, { role: 'admin' })).headers;
  agent = await createSignedInUser(t, { role: 'agent' });
  borrower = await createSignedInUser(t, { role: 'user' });
});

const send = (headers: Headers, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/users/notifications/send', headers, payload });
const inbox = (headers: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/users/notifications${query}`, headers });
const message = (overrides: Record<string, unknown> = {}) => ({
  user_ids: [agent.user.id],
  subject: 'Collection drive',
  description: 'Visit every overdue customer today.',
  ...overrides,
});

describe('POST /api/users/notifications/send', () => {
  it('writes one inbox row per distinct recipient and one audit row, in one go', async () => {
    const response = await send(
      admin,
      message({ user_ids: [agent.user.id, borrower.user.id, agent.user.id] }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Notification sent!', sent: 2 });
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'notification_sent'));
    expect(audit.at(-1)?.metadata).toMatchObject({ recipient_count: 2, subject: 'Collection drive' });
  });

  it('lets the superadmin send, with an https image', async () => {
    const response = await send(
      superadmin,
      message({ user_ids: [borrower.user.id], image_url: 'https://cdn.example.com/offer.png' }),
    );
    expect(response.statusCode, response.body).toBe(200);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['data:image/png;base64,AAAA'],
    ['file:///etc/passwd'],
    ['//evil.example.com/x.png'],
    ['https://'],
  ])('refuses the image URL %s', async (imageUrl) => {
    const response = await send(admin, message({ image_url: imageUrl }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ param: 'image_url', msg: 'Image URL must be an http:// or https:// address' }],
    });
  });

  it.each([
    ['no recipient', { user_ids: [] }],
    ['a blank subject', { subject: '   ' }],
    ['no description', { description: undefined }],
  ])('refuses %s with the form message', async (_label, overrides) => {
    const response = await send(admin, message(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Please fill all fields and select at least one user.');
  });

  it('refuses control characters in the text (NUL would otherwise reach the database)', async () => {
    const response = await send(admin, message({ subject: 'Hi\u0000there' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({
      param: 'subject',
      msg: 'subject must not contain control characters',
    });
  });

  it(`refuses more than ${NOTIFICATION_RECIPIENTS_MAX} recipients`, async () => {
    const ids = Array.from({ length: NOTIFICATION_RECIPIENTS_MAX + 1 }, (_, i) => i + 1);
    const response = await send(admin, message({ user_ids: ids }));
    expect(response.statusCode).toBe(400);
  });

  it('sends nothing when one recipient does not exist', async () => {
    const before = await t.db.select().from(notifications);
    const response = await send(admin, message({ user_ids: [agent.user.id, 999_999] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('RECIPIENT_NOT_FOUND');
    expect(await t.db.select().from(notifications)).toHaveLength(before.length);
  });

  it('refuses agents and borrowers (403) and strangers (401)', async () => {
    expect((await send(agent.headers, message())).statusCode).toBe(403);
    expect((await send(borrower.headers, message())).statusCode).toBe(403);
    expect((await send({}, message())).statusCode).toBe(401);
  });
});

describe('GET /api/users/notifications', () => {
  it("answers only the caller's own rows, newest first", async () => {
    t.clock.set(new Date('2026-11-21T08:00:00Z'));
    await send(admin, message({ user_ids: [agent.user.id], subject: 'Newest' }));
    const body = (await inbox(agent.headers)).json();
    expect(body.notifications[0]).toMatchObject({
      subject: 'Newest',
      image_url: null,
      sent_at: '2026-11-21T08:00:00.000Z',
    });
    expect(body.notifications.map((n: { subject: string }) => n.subject)).toEqual([
      'Newest',
      'Collection drive',
    ]);
    expect(body).toMatchObject({ total: 2, totalPages: 1, page: 1 });

    const theirs = (await inbox(borrower.headers)).json();
    expect(theirs.total).toBe(2);
    expect(theirs.notifications[0].image_url).toBe('https://cdn.example.com/offer.png');
    expect((await inbox(admin)).json()).toMatchObject({ notifications: [], total: 0, totalPages: 0 });
  });

  it('pages 20 at a time', async () => {
    const many = Array.from({ length: 21 }, (_, i) => i);
    for (const i of many) await send(admin, message({ user_ids: [borrower.user.id], subject: `n${i}` }));
    const first = (await inbox(borrower.headers)).json();
    expect(first.notifications).toHaveLength(20);
    expect(first.totalPages).toBe(2);
    expect((await inbox(borrower.headers, '?page=2')).json().notifications).toHaveLength(3);
    expect((await inbox(borrower.headers, '?limit=0')).statusCode).toBe(400);
  });

  it('is not taken for a user id by /users/:id, and needs a session', async () => {
    const response = await inbox(admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('user');
    expect((await inbox({})).statusCode).toBe(401);
  });
});

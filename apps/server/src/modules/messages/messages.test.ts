import { createHmac } from 'node:crypto';
import { defaultMessageText } from '@lending/domain';
import { and, asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { emiApi, expectOk } from '../../../test/support/emi-api';
import { createUser } from '../../../test/support/factories';
import { loanTestApp } from '../../../test/support/loan-api';
import { createLoan } from '../../../test/support/loans';
import { startMessageGateway } from '../../../test/support/message-gateway';
import { auditLogs, authTokens, messages, users } from '../../db/schema';
import { startDeliverer } from './deliverer';

const gateway = await startMessageGateway();
const SMS_SECRET = 'sms-callback-secret';
const { t, cast } = await loanTestApp({
  messageProviders: {
    sms: {
      provider: 'gupshup',
      apiUrl: gateway.smsUrl,
      userId: '2000123456',
      password: 'secret',
      senderHeader: 'LENDCO',
      entityId: '1101234567890',
      webhookSecret: SMS_SECRET,
    },
    whatsapp: null,
    ratePerSecond: 1000,
    leaseSeconds: 30,
  },
  messaging: { leaseSeconds: 30 },
  upi: { vpa: 'dailyfin@okaxis', payeeName: 'Daily Finance' },
});
afterAll(() => gateway.close());
const api = emiApi(t);
// The day window's tests move the clock across evenings: the cast's sessions outlive them.
await t.db.update(authTokens).set({ expiresAt: new Date('2027-01-01T00:00:00Z') });
const deliverer = startDeliverer(t.deps, pino({ level: 'silent' }), { background: false });
afterAll(() => deliverer.stop());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/api${url}`, headers, ...(payload && { payload }) });
const messagesOf = (userId: number) =>
  t.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(asc(messages.id));
const istAt = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);

// SMS to the gateway needs the DLT template id of each template used.
for (const event of [
  'payment_received',
  'emi_bounced',
  'emi_due_tomorrow',
  'emi_overdue',
  'notification_sent',
] as const) {
  const listed = (await call('GET', '/message-templates', cast.admin.headers)).json();
  const template = listed.templates.find(
    (row: { event: string; channel: string; language: string }) =>
      row.event === event && row.channel === 'sms' && row.language === 'en',
  );
  expectOk(
    await call('PUT', `/message-templates/${event}/sms/en`, cast.admin.headers, {
      body: template.body,
      provider_template_id: `1107${event.length}000000001`,
    }),
  );
}

beforeEach(() => {
  t.clock.set(istAt('2026-11-21', '12:00'));
  gateway.setMode('sms', 'accept');
});

describe('a receipt for a payment', () => {
  it('is written with the payment, once, and sent at once with a working receipt link', async () => {
    const { loan, customer } = await createLoan(t.db, { agentId: cast.agentA.user.id });
    const key = 'pay-receipt-1';
    expectOk(
      await api.pay(cast.admin.headers, loan.id, 1, { payment_type: 'full', payment_mode: 'cash' }, key),
    );
    // The same call again (a retry) answers the stored outcome and writes nothing new.
    expectOk(
      await api.pay(cast.admin.headers, loan.id, 1, { payment_type: 'full', payment_mode: 'cash' }, key),
    );
    const written = await messagesOf(customer.id);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      event: 'payment_received',
      channel: 'sms',
      status: 'queued',
      recipient: customer.mobile,
    });

    await deliverer.pass();
    const [sent] = await messagesOf(customer.id);
    expect(sent?.status).toBe('sent');
    const request = gateway.received.find((row) => row.reference === `m-${sent?.id}`);
    expect(request?.fields).toMatchObject({
      mask: 'LENDCO',
      principalEntityId: '1101234567890',
      send_to: `91${customer.mobile}`,
    });
    expect(request?.text).toContain('Received Rs.120.00 for EMI 1 of loan LNXX');
    const link = /(http:\/\/127\.0\.0\.1:3000\/api\/r\/\S+)/.exec(sent?.body ?? '')?.[1];
    expect(link).toBeDefined();
    const pdf = await t.app.inject({
      method: 'GET',
      url: (link as string).replace('http://127.0.0.1:3000', ''),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    // An altered link opens nothing.
    const altered = (link as string)
      .replace('http://127.0.0.1:3000', '')
      .replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const refused = await t.app.inject({ method: 'GET', url: altered });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('RECEIPT_LINK_INVALID');
    // After 30 days the link has expired.
    t.clock.set(istAt('2026-12-22', '12:00'));
    expect(
      (await t.app.inject({ method: 'GET', url: (link as string).replace('http://127.0.0.1:3000', '') }))
        .statusCode,
    ).toBe(404);
  });

  it('goes to every channel the borrower agreed to, and to none after an opt-out', async () => {
    const { loan, customer } = await createLoan(t.db, { agentId: cast.agentA.user.id });
    await t.db
      .update(users)
      .set({ messageChannels: ['sms', 'email'] })
      .where(eq(users.id, customer.id));
    expectOk(await api.pay(cast.admin.headers, loan.id, 1, { payment_type: 'full', payment_mode: 'cash' }));
    expect((await messagesOf(customer.id)).map((row) => row.channel).sort()).toEqual(['email', 'sms']);
    await t.db.update(users).set({ messagesOptedOutAt: new Date() }).where(eq(users.id, customer.id));
    expectOk(await api.pay(cast.admin.headers, loan.id, 2, { payment_type: 'full', payment_mode: 'cash' }));
    expect(await messagesOf(customer.id)).toHaveLength(2);
  });
});

describe('the day window', () => {
  it('holds a bounce notice written at 21:00 until 08:00, then sends it', async () => {
    const { loan, customer } = await createLoan(t.db, { agentId: cast.agentA.user.id });
    t.clock.set(istAt('2026-11-21', '21:00'));
    expectOk(await api.bounce(cast.admin.headers, loan.id, 1, { reason: 'Not at home', late_charges: 50 }));
    const [notice] = await messagesOf(customer.id);
    expect(notice).toMatchObject({ event: 'emi_bounced', status: 'queued' });
    expect(notice?.dueAt?.toISOString()).toBe(istAt('2026-11-22', '08:00').toISOString());
    await deliverer.pass();
    expect((await messagesOf(customer.id))[0]?.status).toBe('queued');
    t.clock.set(istAt('2026-11-22', '08:00'));
    await deliverer.pass();
    const [sent] = await messagesOf(customer.id);
    expect(sent?.status).toBe('sent');
    expect(sent?.body).toContain('A charge of Rs.50.00 applies');
  });
});

describe('an admin’s notification', () => {
  it('reaches each recipient off the app on the channels they agreed to, held for the day window', async () => {
    const { customer } = await createLoan(t.db, { agentId: cast.agentA.user.id });
    await t.db
      .update(users)
      .set({ messageChannels: ['sms', 'email'], language: 'hi' })
      .where(eq(users.id, customer.id));
    // DLT registers the Hindi words under an id of their own.
    expectOk(
      await call('PUT', '/message-templates/notification_sent/sms/hi', cast.admin.headers, {
        body: defaultMessageText('notification_sent', 'sms', 'hi').body,
        provider_template_id: '1107161000000002',
      }),
    );
    const { customer: optedOut } = await createLoan(t.db, { agentId: cast.agentA.user.id });
    await t.db.update(users).set({ messagesOptedOutAt: new Date() }).where(eq(users.id, optedOut.id));
    t.clock.set(istAt('2026-11-21', '21:00'));
    const sent = await call('POST', '/users/notifications/send', cast.admin.headers, {
      user_ids: [customer.id, optedOut.id],
      subject: 'Office closed Friday',
      description: 'Collections go on as usual.',
    });
    expect(sent.json()).toEqual({ message: 'Notification sent!', sent: 2 });
    const written = await messagesOf(customer.id);
    expect(written.map((row) => [row.event, row.channel, row.language, row.status])).toEqual([
      ['notification_sent', 'sms', 'hi', 'queued'],
      ['notification_sent', 'email', 'hi', 'queued'],
    ]);
    expect(written[0]?.eventKey).toMatch(/^notification_sent:\d+$/);
    expect(written[0]?.dueAt?.toISOString()).toBe(istAt('2026-11-22', '08:00').toISOString());
    expect(await messagesOf(optedOut.id)).toHaveLength(0);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'notification_sent'))
      .orderBy(asc(auditLogs.id));
    expect(audit?.metadata).toMatchObject({ recipient_count: 2, messages_queued: 2 });

    t.clock.set(istAt('2026-11-22', '08:00'));
    await deliverer.pass();
    const [sms, email] = await messagesOf(customer.id);
    expect(sms).toMatchObject({
      status: 'sent',
      body: expect.stringContaining('नई सूचना: Office closed Friday'),
    });
    expect(email?.status).toBe('sent');
    expect(email?.body).toContain('Collections go on as usual.');
  });

  it('writes nothing when the notification is refused', async () => {
    const { customer } = await createLoan(t.db, { agentId: cast.agentA.user.id });
    const refused = await call('POST', '/users/notifications/send', cast.admin.headers, {
      user_ids: [customer.id, 999_999],
      subject: 'Hello',
      description: 'World',
    });
    expect(refused.statusCode).toBe(400);
    expect(await messagesOf(customer.id)).toHaveLength(0);
  });
});

describe('provider answers', () => {
  it('fails a refused message with the provider’s reason; an admin retries it', async () => {
    const { loan, customer } = await createLoan(t.db, { agentId: cast.agentA.user.id });
    gateway.setMode('sms', 'reject');
    expectOk(await api.pay(cast.admin.headers, loan.id, 1, { payment_type: 'full', payment_mode: 'cash' }));
    await deliverer.pass();
    const [failed] = await messagesOf(customer.id);
    expect(failed?.status).toBe('failed');
    expect(failed?.lastError).toBeTruthy();
    // Only admins see the log and retry.
    expect((await call('POST', `/messages/${failed?.id}/retry`, cast.agentA.headers)).statusCode).toBe(403);
    expect((await call('GET', '/messages', cast.borrower.headers)).statusCode).toBe(403);
    const retried = await call('POST', `/messages/${failed?.id}/retry`, cast.admin.headers);
    expectOk(retried);
    expect(retried.json().item).toMatchObject({ status: 'queued', attempts: 0 });
    expect((await call('POST', `/messages/${failed?.id}/retry`, cast.admin.headers)).json().code).toBe(
      'MESSAGE_NOT_RETRYABLE',
    );
    gateway.setMode('sms', 'accept');
    await deliverer.pass();
    expect((await messagesOf(customer.id))[0]?.status).toBe('sent');
    const audited = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'message_retried'), eq(auditLogs.resourceId, String(failed?.id))));
    expect(audited).toHaveLength(1);
  });

  it('queues a rate-limited message again after the provider’s wait, its attempt counted', async () => {
    const { loan, customer } = await createLoan(t.db, { agentId: cast.agentA.user.id });
    gateway.setMode('sms', 'rate-limit');
    expectOk(await api.pay(cast.admin.headers, loan.id, 1, { payment_type: 'full', payment_mode: 'cash' }));
    await deliverer.pass();
    const [waiting] = await messagesOf(customer.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting?.dueAt?.getTime()).toBe(t.clock.now().getTime() + 30_000);
  });
});

describe('the SMS callback', () => {
  const sign = (body: string) => `sha256=${createHmac('sha256', SMS_SECRET).update(body).digest('hex')}`;
  const callback = (body: object, signature?: string) => {
    const payload = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: '/api/messages/webhooks/sms',
      headers: {
        'content-type': 'application/json',
        ...(signature !== undefined && { 'x-signature': signature }),
      },
      payload: signature === 'self' ? payload : payload,
    });
  };

  it('records a delivery report and opts a borrower out on STOP, cancelling what waits', async () => {
    const { loan, customer } = await createLoan(t.db, { agentId: cast.agentA.user.id });
    expectOk(await api.pay(cast.admin.headers, loan.id, 1, { payment_type: 'full', payment_mode: 'cash' }));
    await deliverer.pass();
    const [sent] = await messagesOf(customer.id);
    const report = { externalId: sent?.providerMessageId, status: 'SUCCESS', deliveredTS: Date.now() };
    const reportText = JSON.stringify(report);
    expect((await callback(report)).statusCode).toBe(401);
    expect((await callback(report, 'sha256=00')).statusCode).toBe(401);
    const accepted = await callback(report, sign(reportText));
    expectOk(accepted);
    expect((await messagesOf(customer.id))[0]?.status).toBe('delivered');

    t.clock.set(istAt('2026-11-21', '21:00'));
    expectOk(await api.bounce(cast.admin.headers, loan.id, 2, { reason: 'Shop closed', late_charges: 0 }));
    const stop = { mobile: `91${customer.mobile}`, text: 'STOP', timestamp: Date.now() };
    expectOk(await callback(stop, sign(JSON.stringify(stop))));
    const after = await messagesOf(customer.id);
    expect(after.at(-1)).toMatchObject({ event: 'emi_bounced', status: 'cancelled' });
    const [row] = await t.db.select().from(users).where(eq(users.id, customer.id));
    expect(row?.messagesOptedOutAt).not.toBeNull();
    // Nothing more is written for them.
    t.clock.set(istAt('2026-11-21', '12:00'));
    expectOk(await api.pay(cast.admin.headers, loan.id, 3, { payment_type: 'full', payment_mode: 'cash' }));
    expect(await messagesOf(customer.id)).toHaveLength(after.length);
  });
});

describe('templates', () => {
  it('refuses a variable the event does not offer and previews an SMS’s parts', async () => {
    const refused = await call('PUT', '/message-templates/payment_received/sms/hi', cast.admin.headers, {
      body: 'Paid {{amount}} {{password}}',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('MESSAGE_TEMPLATE_VARIABLE');
    const preview = await call('POST', '/message-templates/preview', cast.admin.headers, {
      event: 'payment_received',
      channel: 'sms',
      language: 'hi',
      body: 'किस्त {{emi_number}} के लिए Rs.{{amount}} प्राप्त। {{receipt_link}}',
    });
    expectOk(preview);
    expect(preview.json()).toMatchObject({ sms: { encoding: 'UCS-2', segments: 2 }, unknown_variables: [] });
    expect((await call('GET', '/message-templates', cast.agentA.headers)).statusCode).toBe(403);
  });

  it('sends the admin’s words from the next message on, and resets to the product’s', async () => {
    const body = 'Thank you {{name}}: Rs.{{amount}} received for {{loan}}. {{receipt_link}}';
    expectOk(
      await call('PUT', '/message-templates/payment_received/sms/en', cast.admin.headers, {
        body,
        provider_template_id: '1107999',
      }),
    );
    const { loan, customer } = await createLoan(t.db, { agentId: cast.agentA.user.id });
    expectOk(await api.pay(cast.admin.headers, loan.id, 1, { payment_type: 'full', payment_mode: 'cash' }));
    await deliverer.pass();
    expect((await messagesOf(customer.id))[0]?.body).toMatch(/^Thank you .+: Rs\.120\.00 received for LNXX/);
    const reset = await call('DELETE', '/message-templates/payment_received/sms/en', cast.admin.headers);
    expect(reset.json().template).toMatchObject({
      customised: false,
      body: expect.stringContaining('Received Rs.{{amount}}'),
    });
  });
});

describe('the log, preferences and UPI', () => {
  it('lists a loan’s messages with masked recipients and counts over the whole filter', async () => {
    const { loan, customer } = await createLoan(t.db, { agentId: cast.agentA.user.id });
    expectOk(await api.pay(cast.admin.headers, loan.id, 1, { payment_type: 'full', payment_mode: 'cash' }));
    expectOk(await api.pay(cast.admin.headers, loan.id, 2, { payment_type: 'full', payment_mode: 'cash' }));
    const first = await call('GET', `/messages?loan_id=${loan.id}&limit=1`, cast.admin.headers);
    expectOk(first);
    const page = first.json();
    expect(page.messages).toHaveLength(1);
    expect(page.messages[0].recipient).toBe(`••••••${customer.mobile?.slice(-4)}`);
    expect(page.counts.queued).toBe(2);
    const second = (
      await call('GET', `/messages?loan_id=${loan.id}&limit=1&before=${page.next_before}`, cast.admin.headers)
    ).json();
    expect(second.messages[0].id).toBeLessThan(page.messages[0].id);
    expect(second.counts).toBeNull();
    expect(second.next_before).toBeNull();
  });

  it('lets a borrower choose channels and opt out, which cancels what waits', async () => {
    const borrower = cast.borrower;
    const { loan } = await createLoan(t.db, { customer: borrower.user });
    expectOk(await api.pay(cast.admin.headers, loan.id, 1, { payment_type: 'full', payment_mode: 'cash' }));
    const mine = await call('GET', '/users/profile/me/messages', borrower.headers);
    expect(mine.json()).toEqual({ channels: ['sms'], language: 'en', opted_out: false });
    const saved = await call('PUT', '/users/profile/me/messages', borrower.headers, {
      channels: ['whatsapp'],
      language: 'hi',
      opted_out: true,
    });
    expectOk(saved);
    expect((await messagesOf(borrower.user.id)).map((row) => row.status)).toEqual(['cancelled']);
    expect(
      (
        await call('PUT', '/users/profile/me/messages', borrower.headers, {
          channels: ['fax'],
          language: 'en',
          opted_out: false,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('gives the borrower a UPI link for what is owed, and nothing on another’s loan', async () => {
    const borrower = cast.borrower;
    const { loan } = await createLoan(t.db, { customer: borrower.user, startDate: '2026-11-19' });
    const answer = (await call('GET', `/loans/${loan.id}/upi`, borrower.headers)).json();
    // Three instalments of ₹120 are due by 21 Nov.
    expect(answer.upi).toMatchObject({
      amount_paise: 36_000,
      vpa: 'dailyfin@okaxis',
      reference: loan.loanCode,
    });
    expect(answer.upi.link).toBe(
      `upi://pay?pa=dailyfin@okaxis&pn=Daily%20Finance&am=360.00&cu=INR&tr=${loan.loanCode}&tn=EMI%20${loan.loanCode}`,
    );
    const other = await createUser(t.db, {});
    const { loan: theirs } = await createLoan(t.db, { customer: other });
    expect((await call('GET', `/loans/${theirs.id}/upi`, borrower.headers)).statusCode).toBe(404);
  });
});

import { createHmac } from 'node:crypto';
import { ACTIONS, RESOURCES } from '@lending/domain';
import { expenses, roles, supportMessages, todos } from '../../src/db/schema';
import { insertSession } from '../../src/platform/auth/session-repository';
import { newStorageKey } from '../../src/platform/storage/file-storage';
import { newOpaqueToken, sha256 } from '../../src/platform/tokens';
import { createUser, samples } from './factories';
import { createLoan, insertUndatedPayment, listEmis } from './loans';
import type { TestApp } from './test-app';

/**
 * The callers of the access matrix; `anonymous` sends no token, `custom` holds a role made in Role
 * Management with every permission (`EVERY_PERMISSION`).
 */
export const CALLERS = ['anonymous', 'user', 'agent', 'admin', 'superadmin', 'custom'] as const;
export type Caller = (typeof CALLERS)[number];

export const EVERY_PERMISSION = RESOURCES.map((resource) => ({ resource, actions: [...ACTIONS] }));

/**
 * Bodies that pass validation where a route checks the body before the record's scope; every
 * other write gets `{}`, since an answer other than 401/403 (a 400 too) shows the caller passed.
 */
const VALID_BODIES: Record<string, object> = {
  'POST /api/expenses': { expense_name: 'Fuel', reason: 'Rounds', amount_paid: 100 },
  'PUT /api/expenses/:id(^\\d+$)': { expense_name: 'Fuel', reason: 'Rounds', amount_paid: 100 },
  'POST /api/todos': { title: 'Visit' },
  'PUT /api/todos/:id(^\\d+$)': { completed: true },
  'POST /api/loans/:id(^\\d+$)/hold-cash': { amount: 10, payment_mode: 'cash' },
};

/** The providers' callback secrets of the matrix's app: a callback signed with them passes. */
export const WEBHOOK_SECRETS = {
  smsWebhookSecret: 'matrix-sms-secret',
  whatsappAppSecret: 'matrix-whatsapp-secret',
  whatsappVerifyToken: 'matrix-verify-token',
};

/** A provider callback's signature of its body (no session stands in for it). */
export const signatureHeadersOf = (route: string, payload: object | undefined): Record<string, string> => {
  const body = JSON.stringify(payload ?? {});
  const mac = (secret: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  if (route === '/api/messages/webhooks/sms') return { 'x-signature': mac(WEBHOOK_SECRETS.smsWebhookSecret) };
  if (route === '/api/messages/webhooks/whatsapp')
    return { 'x-hub-signature-256': mac(WEBHOOK_SECRETS.whatsappAppSecret) };
  return {};
};

export const bodyOf = (method: string, route: string): object | undefined =>
  method === 'GET' || method === 'DELETE' ? undefined : (VALID_BODIES[`${method} ${route}`] ?? {});

/** A session of an hour written straight to the table (no sign-in); answers its token. */
const openSession = async (t: TestApp, userId: number) => {
  const token = newOpaqueToken();
  const at = t.clock.now();
  await insertSession(t.db, {
    userId,
    accessTokenHash: sha256(token),
    deviceType: 'web',
    createdAt: at,
    lastUsedAt: at,
    expiresAt: new Date(at.getTime() + 3_600_000),
  });
  return token;
};

/**
 * Records that belong to people other than the matrix's callers: agent A's borrower B with a loan,
 * its first EMI and a payment; A's expense; another admin's task; B's support message and session;
 * a custom role; a stored document. Every id a route's path names is one of these, so a caller
 * outside their scope must be refused.
 */
export const createAccessCast = async (t: TestApp) => {
  const ownerAgent = await createUser(t.db, { role: 'agent' });
  const borrower = await createUser(t.db, { role: 'user', agentId: ownerAgent.id });
  const otherAdmin = await createUser(t.db, { role: 'admin' });
  const { loan } = await createLoan(t.db, { customer: borrower, createdBy: ownerAgent.id });
  const now = t.clock.now();
  const payment = await insertUndatedPayment(t.db, loan.id, {
    collectorId: ownerAgent.id,
    amountPaise: 12_000,
    paidAt: now,
    now,
  });
  const [emi] = await listEmis(t.db, loan.id);
  const [expense] = await t.db
    .insert(expenses)
    .values({ expenseName: 'Fuel', reason: 'Rounds', amountPaid: 50_000, userId: ownerAgent.id })
    .returning();
  const [todo] = await t.db.insert(todos).values({ title: 'Call back', userId: otherAdmin.id }).returning();
  const [message] = await t.db
    .insert(supportMessages)
    .values({ userId: borrower.id, subject: 'Help', message: 'Receipt missing', category: 'general' })
    .returning();
  const [role] = await t.db.insert(roles).values({ name: 'Matrix clerks', permissions: [] }).returning();
  const tokenHash = sha256(await openSession(t, borrower.id));
  const fileKey = newStorageKey('image/png');
  await t.deps.storage.put(fileKey, Buffer.from(samples.png), 'image/png');
  if (!emi || !expense || !todo || !message || !role) throw new Error('access cast incomplete');

  /** The value of each path parameter any route names. */
  const params: Record<string, string> = {
    id: String(loan.id),
    loanId: String(loan.id),
    emiNumber: '1',
    emiId: String(emi.id),
    paymentId: String(payment.id),
    userId: String(borrower.id),
    tokenHash,
    name: 'app-v9.9.9.apk',
    date: '2026-12-31',
    event: 'payment_received',
    channel: 'sms',
    language: 'en',
    // A receipt link's token of the cast's payment, signed as a message would carry it.
    token: t.deps.signer.shortToken(`receipt:${payment.id}`, payment.id, t.clock.now().getTime(), 3600),
  };
  /** `:id` means a different record on each resource's routes. */
  const idByPrefix: [string, number][] = [
    ['/api/users/', borrower.id],
    ['/api/roles/', role.id],
    ['/api/expenses/', expense.id],
    ['/api/todos/', todo.id],
    ['/api/support/', message.id],
  ];

  /** The route's path with every parameter filled in (regex constraints dropped). */
  const urlOf = (route: string): string => {
    if (route === '/api/files/:key') return t.deps.signer.sign(fileKey, t.clock.now().getTime());
    // Meta's subscription check names the verify token in its query.
    if (route === '/api/messages/webhooks/whatsapp')
      return `${route}?hub.mode=subscribe&hub.verify_token=${WEBHOOK_SECRETS.whatsappVerifyToken}&hub.challenge=42`;
    const idOverride = idByPrefix.find(([prefix]) => route.startsWith(prefix))?.[1];
    return route.replace(/:(\w+)(\([^)]*\))?/g, (_, name: string) => {
      if (name === 'id' && idOverride !== undefined) return String(idOverride);
      const value = params[name];
      if (value === undefined) throw new Error(`no value for :${name} in ${route}`);
      return value;
    });
  };

  await t.db.insert(roles).values({ name: 'Matrix auditors', permissions: EVERY_PERMISSION });
  const callers = {
    custom: await createUser(t.db, { role: 'Matrix auditors' }),
    user: await createUser(t.db, { role: 'user' }),
    agent: await createUser(t.db, { role: 'agent' }),
    admin: await createUser(t.db, { role: 'admin' }),
    superadmin: await createUser(t.db, { role: 'superadmin' }),
  };

  /**
   * A fresh session for the caller, written straight to the table: some routes end sessions
   * (logout, remove-all), so no call depends on an earlier one's token.
   */
  const headersOf = async (caller: Caller): Promise<Record<string, string>> => {
    if (caller === 'anonymous') return {};
    return { authorization: `Bearer ${await openSession(t, callers[caller].id)}` };
  };

  /** A session of the records' owners: agent A (whose book holds B) or borrower B. */
  const ownerHeadersOf = async (owner: 'agent' | 'user') => ({
    authorization: `Bearer ${await openSession(t, owner === 'agent' ? ownerAgent.id : borrower.id)}`,
  });

  return { urlOf, headersOf, ownerHeadersOf, fileKey };
};

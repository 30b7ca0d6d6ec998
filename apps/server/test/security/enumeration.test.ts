import { verify } from '@node-rs/argon2';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLogs } from '../../src/db/schema';
import { createUser, multipart } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

// Counts password verifications: a known and an unknown e-mail must cost the same argon2 work.
vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ registrationLimits: { perHour: 3 } });
});
afterAll(() => t.close());

let address = 0;
/** Each probe from its own client address, so the per-address limits stay out of the way. */
const post = (url: string, payload: object) => {
  address += 1;
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.77.0.${address}` });
};
const auditRows = async () => (await t.db.select({ n: count() }).from(auditLogs))[0]?.n ?? 0;
/** What a caller can compare between two answers: status, body and header names (not values like date). */
const shapeOf = (response: Awaited<ReturnType<typeof post>>) => ({
  status: response.statusCode,
  body: response.json(),
  headers: Object.keys(response.headers)
    .filter((name) => !['date', 'content-length'].includes(name))
    .sort(),
});

describe('sign-in does not tell which e-mails have accounts', () => {
  it('answers an unknown e-mail, a wrong password and an inactive account’s wrong password alike', async () => {
    const known = await createUser(t.db);
    const inactive = await createUser(t.db, { isActive: false });
    const probes = [
      { email: 'nobody-here@example.com', password: 'guess-123' },
      { email: known.email, password: 'guess-123' },
      { email: inactive.email, password: 'guess-123' },
    ];
    const shapes = [];
    for (const probe of probes) {
      vi.mocked(verify).mockClear();
      shapes.push(shapeOf(await post('/api/auth/login', probe)));
      expect(vi.mocked(verify)).toHaveBeenCalledTimes(1);
    }
    expect(shapes[0]).toMatchObject({ status: 401, body: { code: 'INVALID_CREDENTIALS' } });
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
  });

  it('locks an unknown e-mail after the same number of failures as a real account', async () => {
    const known = await createUser(t.db);
    const lockAfter = async (email: string) => {
      const statuses = [];
      for (let i = 0; i < 6; i += 1)
        statuses.push((await post('/api/auth/login', { email, password: 'x-123456' })).statusCode);
      return statuses;
    };
    const real = await lockAfter(known.email);
    expect(real).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await lockAfter('ghost-account@example.com')).toEqual(real);
  });
});

describe('password reset does not tell which e-mails have accounts', () => {
  it('answers a known, an unknown and an inactive e-mail alike, with the same writes; mails only the known', async () => {
    const known = await createUser(t.db);
    const inactive = await createUser(t.db, { isActive: false });
    const shapes = [];
    const mailed = [];
    for (const email of [known.email, 'nobody-here@example.com', inactive.email]) {
      const [rows, mails] = [await auditRows(), t.sent.length];
      shapes.push(shapeOf(await post('/api/auth/forgot-password', { email })));
      expect(await auditRows()).toBe(rows + 1);
      mailed.push(t.sent.length - mails);
    }
    expect(shapes[0]?.status).toBe(200);
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
    expect(mailed).toEqual([1, 0, 0]);
  });

  it('answers a never-issued, a used and an expired token alike', async () => {
    const user = await createUser(t.db);
    const tokenFromLastMail = () => /token=([A-Za-z0-9_-]+)/.exec(t.sent.at(-1)?.text ?? '')?.[1] ?? '';
    await post('/api/auth/forgot-password', { email: user.email });
    const used = tokenFromLastMail();
    expect(
      (await post('/api/auth/reset-password', { token: used, newPassword: 'fresh-pass-1' })).statusCode,
    ).toBe(200);
    await post('/api/auth/forgot-password', { email: user.email });
    const expired = tokenFromLastMail();
    t.clock.advance(61 * 60_000);
    const shapes = [];
    for (const token of ['never-issued-token', used, expired])
      shapes.push(shapeOf(await post('/api/auth/reset-password', { token, newPassword: 'fresh-pass-2' })));
    expect(shapes[0]).toMatchObject({ status: 400, body: { code: 'RESET_TOKEN_INVALID' } });
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
  });
});

describe('registration (an accepted risk: it signs the borrower in at once)', () => {
  const register = async (email: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: ip,
      ...(await multipart({
        name: 'Probe',
        email,
        mobile: '9876543210',
        address: 'MG Road',
        password: 'secret123',
      })),
    });

  it('says an e-mail is taken, but an address gets only its hourly allowance of probes', async () => {
    const taken = await createUser(t.db);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await register(taken.email, '10.78.0.1')).statusCode);
    expect(statuses).toEqual([409, 409, 409, 429]);
    const refused = await register('fresh-probe@example.com', '10.78.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_ATTEMPTS');
  });
});

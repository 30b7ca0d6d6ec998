import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { DEFAULT_THROTTLE } from './throttle';

type Attempt = { email: string; password: string; ip?: string; forwardedFor?: string };

const attempt = (t: TestApp, { email, password, ip, forwardedFor }: Attempt) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...(ip && { remoteAddress: ip }),
    ...(forwardedFor && { headers: { 'x-forwarded-for': forwardedFor } }),
  });

describe('the default sign-in throttle', () => {
  it('locks an account after 5 failures and an address after 100', () => {
    expect(DEFAULT_THROTTLE).toMatchObject({
      maxFailuresPerAccount: 5,
      maxFailuresPerAddress: 100,
      lockMs: 15 * 60_000,
      windowMs: 15 * 60_000,
    });
  });
});

describe('per account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('evaluates at most 5 of 20 parallel wrong guesses; the rest are 429 ACCOUNT_LOCKED', async () => {
    const user = await createUser(t.db);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => attempt(t, { email: user.email, password: 'wrong-guess' })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
    for (const answer of answers.filter((one) => one.statusCode === 429))
      expect(answer.json().code).toBe('ACCOUNT_LOCKED');
    // Locked: even the right password waits out the 15 minutes.
    expect((await attempt(t, { email: user.email, password: user.password })).statusCode).toBe(429);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await attempt(t, { email: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('counts only consecutive failures: a success starts the count again', async () => {
    const user = await createUser(t.db);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 4; i += 1)
        expect((await attempt(t, { email: user.email, password: 'wrong-guess' })).statusCode).toBe(401);
      expect((await attempt(t, { email: user.email, password: user.password })).statusCode).toBe(200);
    }
  });
});

describe('per client address', () => {
  it('refuses only the address with many failures, across accounts; others still sign in', async () => {
    const t = await createTestApp({ throttle: { maxFailuresPerAddress: 6 } });
    try {
      const accounts = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
      for (const account of accounts)
        for (let i = 0; i < 2; i += 1) {
          const wrong = await attempt(t, { email: account.email, password: 'wrong', ip: '10.0.0.1' });
          expect(wrong.statusCode).toBe(401);
        }
      const [first, second] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];
      const refused = await attempt(t, { email: first.email, password: first.password, ip: '10.0.0.1' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('TOO_MANY_ATTEMPTS');
      expect(refused.headers['retry-after']).toBeDefined();
      const office = await attempt(t, { email: first.email, password: first.password, ip: '10.0.0.2' });
      expect(office.statusCode).toBe(200);
      const colleague = await attempt(t, { email: second.email, password: second.password, ip: '10.0.0.3' });
      expect(colleague.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('takes the address from X-Forwarded-For only when the proxy is in TRUST_PROXY', async () => {
    const t = await createTestApp({
      throttle: { maxFailuresPerAddress: 2 },
      app: { trustProxy: ['127.0.0.1'] },
    });
    try {
      const user = await createUser(t.db);
      const viaProxy = { ip: '127.0.0.1', email: user.email };
      for (let i = 0; i < 2; i += 1)
        await attempt(t, { ...viaProxy, password: 'wrong', forwardedFor: '203.0.113.5' });
      const guesser = await attempt(t, { ...viaProxy, password: user.password, forwardedFor: '203.0.113.5' });
      expect(guesser.json().code).toBe('TOO_MANY_ATTEMPTS');
      const other = await attempt(t, { ...viaProxy, password: user.password, forwardedFor: '203.0.113.6' });
      expect(other.statusCode).toBe(200);

      // From an address that is not a trusted proxy the header is ignored: it cannot dodge the count.
      const direct = { ip: '10.9.9.9', email: user.email };
      for (let i = 0; i < 2; i += 1)
        await attempt(t, { ...direct, password: 'wrong', forwardedFor: `198.51.100.${i}` });
      const dodging = await attempt(t, { ...direct, password: user.password, forwardedFor: '198.51.100.9' });
      expect(dodging.json().code).toBe('TOO_MANY_ATTEMPTS');
    } finally {
      await t.close();
    }
  });
});

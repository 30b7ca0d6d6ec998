import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_ADMIN } from '../../../test/support/constants';
import { createUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { auditLogs, authTokens } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers });

describe('POST /api/auth/login', () => {
  it('signs the seeded superadmin in and answers a token and the user', async () => {
    const response = await login(TEST_ADMIN);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ email: TEST_ADMIN.email, role: 'superadmin', is_active: true });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body.user).not.toHaveProperty('passwordHash');
  });

  it('stores only the SHA-256 of the token, with device, address and expiry', async () => {
    const user = await createUser(t.db, { role: 'agent' });
    const response = await login(
      { email: user.email, password: user.password },
      {
        'x-device-type': 'android',
        'x-device-name': 'Pixel 8',
        'x-device-id': 'dev-42',
        'user-agent': 'FieldApp/2.1',
      },
    );
    const { token } = response.json();
    const [row] = await t.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(row?.accessTokenHash).toHaveLength(64);
    expect(row?.accessTokenHash).not.toContain(token);
    expect(row).toMatchObject({
      deviceType: 'android',
      deviceName: 'Pixel 8',
      deviceId: 'dev-42',
      userAgent: 'FieldApp/2.1',
      isActive: true,
    });
    const ttlHours = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 3_600_000;
    expect(ttlHours).toBeCloseTo(168, 0);
  });

  it('takes device details from the body when no headers are sent', async () => {
    const user = await createUser(t.db);
    await login({ email: user.email, password: user.password, device_type: 'ios', device_name: 'iPhone' });
    const [row] = await t.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(row).toMatchObject({ deviceType: 'ios', deviceName: 'iPhone' });
  });

  it('compares e-mail addresses ignoring case and surrounding spaces', async () => {
    const response = await login({
      email: `  ${TEST_ADMIN.email.toUpperCase()} `,
      password: TEST_ADMIN.password,
    });
    expect(response.statusCode).toBe(200);
  });

  it('writes a login audit row', async () => {
    const user = await createUser(t.db);
    await login({ email: user.email, password: user.password });
    const rows = await t.db.select().from(auditLogs).where(eq(auditLogs.userId, user.id));
    expect(rows.map((row) => row.action)).toContain('login');
  });

  it('refuses a wrong password and an unknown account with the same 401', async () => {
    const wrong = await login({ email: TEST_ADMIN.email, password: 'wrong-password' });
    const unknown = await login({ email: 'nobody@example.com', password: 'whatever1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses an inactive user even with the right password', async () => {
    const user = await createUser(t.db, { isActive: false });
    const response = await login({ email: user.email, password: user.password });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Your account is inactive. Please contact the administrator.');
  });

  it.each([
    [
      {},
      'Email is required',
      [
        { param: 'email', msg: 'Email is required' },
        { param: 'password', msg: 'Password is required' },
      ],
    ],
    [{ email: '', password: 'x' }, 'Email is required', undefined],
    [{ email: 'not-an-email', password: 'secret123' }, 'Invalid email address', undefined],
    [{ email: TEST_ADMIN.email, password: '' }, 'Password is required', undefined],
    [{ email: 42, password: 'secret123' }, 'Email is required', undefined],
    [{ email: TEST_ADMIN.email, password: 'x'.repeat(129) }, undefined, undefined],
    [{ email: `${'a'.repeat(250)}@example.com`, password: 'secret123' }, 'Invalid email address', undefined],
  ])('answers bad input %j with 400 and the form message', async (payload, message, errors) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    if (message) expect(body.message).toBe(message);
    if (errors) expect(body.errors).toEqual(errors);
    expect(body.errors.length).toBeGreaterThan(0);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'MALFORMED_BODY', message: 'Malformed JSON in request body' });
  });

  it('answers an oversized body with 413', async () => {
    const response = await login({ email: TEST_ADMIN.email, password: 'x'.repeat(2 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
  });
});

describe('sign-in throttling', () => {
  it('locks an account after repeated failures and answers 429 even for the right password', async () => {
    const locked = await createTestApp({ throttle: { maxFailuresPerAccount: 3 } });
    try {
      const user = await createUser(locked.db);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await locked.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: 'wrong-one' },
        });
        expect(response.statusCode).toBe(401);
      }
      const refused = await locked.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('ACCOUNT_LOCKED');
      expect(refused.json().message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
      expect(Number(refused.headers['retry-after'])).toBe(900);

      locked.clock.advance(16 * 60_000);
      const afterLock = await locked.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      });
      expect(afterLock.statusCode).toBe(200);
    } finally {
      await locked.close();
    }
  });

  it('slows answers once failures pass the threshold', async () => {
    const slowed = await createTestApp({
      throttle: { slowAfter: 1, delayStepMs: 150, maxFailuresPerAccount: 10 },
    });
    // The slow-down is a timer; faking it lets the test see the wait without spending real time.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const timer = vi.spyOn(globalThis, 'setTimeout');
    const waited = (ms: number) => timer.mock.calls.some(([, delay]) => delay === ms);
    try {
      const user = await createUser(slowed.db);
      const wrong = () =>
        slowed.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: 'wrong-one' },
        });
      // The first failure answers at once: its request completes although the fake clock never moves.
      expect((await wrong()).statusCode).toBe(401);
      expect(waited(150)).toBe(false);

      // The second one (1 failure on record, slowAfter 1) waits one step of 150 ms first.
      let settled = false;
      const second = wrong().finally(() => {
        settled = true;
      });
      // setImmediate is not faked: let the request run until it parks on the timer (or answers).
      while (!settled && !waited(150)) await new Promise((resolve) => setImmediate(resolve));
      expect(waited(150)).toBe(true);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(150);
      expect((await second).statusCode).toBe(401);
    } finally {
      timer.mockRestore();
      vi.useRealTimers();
      await slowed.close();
    }
  });

  it('locks an address that tries many accounts', async () => {
    const locked = await createTestApp({
      throttle: { maxFailuresPerAddress: 4, maxFailuresPerAccount: 100 },
    });
    try {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        await locked.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `guess${attempt}@example.com`, password: 'wrong-one' },
        });
      }
      const refused = await locked.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: TEST_ADMIN,
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('TOO_MANY_ATTEMPTS');
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await locked.close();
    }
  });
});

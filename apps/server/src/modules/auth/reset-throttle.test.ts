import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { DEFAULT_RESET_LIMITS } from './reset-throttle';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const forgot = (email: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: ip, payload: { email } });
const reset = (token: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    remoteAddress: ip,
    payload: { token, newPassword: 'brand-new-1' },
  });
const tokenOf = (text = '') => /token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

describe('password reset limits', () => {
  it('are 10 link requests and 20 token tries an hour per address, and 3 mails an hour per e-mail', () => {
    expect(DEFAULT_RESET_LIMITS).toEqual({ requestsPerAddress: 10, mailsPerEmail: 3, resetsPerAddress: 20 });
  });

  it('refuse an address asking for more than 10 links an hour, whatever the e-mails; others still ask', async () => {
    for (let i = 0; i < 10; i += 1)
      expect((await forgot(`nobody${i}@example.com`, '10.9.0.1')).statusCode).toBe(200);
    const refused = await forgot('nobody@example.com', '10.9.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(refused.json().message).toMatch(
      /^Too many password reset requests\. Try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await forgot('nobody@example.com', '10.9.0.2')).statusCode).toBe(200);
    t.clock.advance(HOUR + 1000);
    expect((await forgot('nobody@example.com', '10.9.0.1')).statusCode).toBe(200);
  });

  it('send at most 3 mails an hour to one address, answering the same, and keep the last link valid', async () => {
    const user = await createUser(t.db);
    const before = t.sent.length;
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await forgot(user.email.toUpperCase(), `10.9.1.${i}`));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const mails = t.sent.slice(before);
    expect(mails).toHaveLength(3);
    expect((await reset(tokenOf(mails[2]?.text), '10.9.1.9')).statusCode).toBe(200);
    t.clock.advance(HOUR + 1000);
    expect((await forgot(user.email, '10.9.1.0')).statusCode).toBe(200);
    expect(t.sent.length).toBe(before + 4);
  });

  it('refuse an address trying more than 20 reset tokens an hour, even a right one', async () => {
    const user = await createUser(t.db);
    await forgot(user.email, '10.9.2.1');
    const token = tokenOf(t.sent.at(-1)?.text);
    for (let i = 0; i < 20; i += 1) expect((await reset(`guess-${i}`, '10.9.2.2')).statusCode).toBe(400);
    const refused = await reset(token, '10.9.2.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect((await reset(token, '10.9.2.3')).statusCode).toBe(200);
  });
});

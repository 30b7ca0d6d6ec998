import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/platform/logging';
import { newStorageKey } from '../../src/platform/storage/file-storage';
import { capturedLog } from '../support/captured-log';
import { TEST_ADMIN } from '../support/constants';
import { samples, signIn } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const captured = capturedLog('trace');

beforeAll(async () => {
  t = await createTestApp({ log: captured.log });
});
afterAll(() => t.close());

describe('what the server logs', () => {
  it('never holds a reset token, a link signature, a bearer token or a password', async () => {
    const bearer = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: TEST_ADMIN.email },
    });
    expect(forgot.statusCode).toBe(200);
    const token = /token=([A-Za-z0-9_-]+)/.exec(t.sent.at(-1)?.text ?? '')?.[1] ?? '';
    expect(token.length).toBeGreaterThan(20);

    // The link as the browser opens it (the SPA's page), then the reset itself.
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
    const newPassword = 'new-password-never-logged';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword },
    });
    expect(reset.statusCode).toBe(200);

    const key = newStorageKey('image/png');
    await t.deps.storage.put(key, Buffer.from(samples.png), 'image/png');
    const link = t.deps.signer.sign(key, t.clock.now().getTime());
    const signature = new URL(link, 'http://x').searchParams.get('signature') ?? '';
    const file = await t.app.inject({
      method: 'GET',
      url: link,
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(file.statusCode).toBe(200);

    // A careless log line with the usual suspects in it.
    t.app.log.info(
      { headers: { authorization: `Bearer ${bearer}` }, body: { password: newPassword, token } },
      'debugging a request',
    );

    expect(captured.text()).toContain('/api/files/');
    expect(captured.text()).toContain('[REDACTED]');
    for (const secret of [token, signature, bearer, newPassword, TEST_ADMIN.password]) {
      expect(captured.text()).not.toContain(secret);
    }
  });

  it('redacts credential-bearing query parameters from URLs', () => {
    expect(redactUrl('/api/files/a.png?expires=1&signature=abc&x=1')).toBe(
      '/api/files/a.png?expires=1&signature=[REDACTED]&x=1',
    );
    expect(redactUrl('/reset-password?token=abc#top')).toBe('/reset-password?token=[REDACTED]#top');
    expect(redactUrl('/x?sig=1&Token=2')).toBe('/x?sig=[REDACTED]&Token=[REDACTED]');
    expect(redactUrl('/api/loans?search=token')).toBe('/api/loans?search=token');
  });
});

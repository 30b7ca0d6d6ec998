import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess, waitUntilUp } from '../support/server-process';

const ADMIN = { email: 'process-admin@example.com', password: 'process-secret-1' };

let server: ServerProcess;
let headers: Record<string, string>;

beforeAll(async () => {
  server = await startServerProcess({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  await waitUntilUp(server);
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  headers = { authorization: `Bearer ${token}` };
}, 120_000);
afterAll(() => server?.stop());

/** Every download the API streams, each with a NUL (and other hostile bytes) in its search. */
const HOSTILE_EXPORTS = [
  '/api/loans/export?search=a%00b',
  '/api/loans/export?export_type=pdf&search=a%00b',
  '/api/loans/emis/due/export?search=a%00b',
  '/api/emi/bounced/export?search=a%00b',
  '/api/loans/export?search=%00',
  '/api/loans/export?export_type=pdf&search=%01%07',
  '/api/loans/emis/due/export?search=%00&date=2026-02-30',
  '/api/emi/bounced/export?search=%00&dateFrom=1900-01-01',
];

describe('the real server under hostile export requests', () => {
  it('answers every one with a client error and keeps running', async () => {
    for (const url of HOSTILE_EXPORTS) {
      const response = await fetch(`${server.url}${url}`, { headers }).catch((error: unknown) => error);
      expect(response, url).toBeInstanceOf(Response);
      expect((response as Response).status, url).toBe(400);
      await (response as Response).arrayBuffer();
    }
    // Give a late stream error the chance to bring the process down before looking.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.isRunning(), server.output()).toBe(true);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
  }, 60_000);
});

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { capturedLog } from '../support/captured-log';
import { TEST_ADMIN } from '../support/constants';
import { signIn } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const SECRET = 'password=hunter2-in-a-connection-string';
const INTERNAL = { code: 'INTERNAL', message: 'Internal server error' };

let t: TestApp;
let app: FastifyInstance;
const captured = capturedLog('info');

/** The whole app built again on the test database, with routes that fail as a bug or an outage would. */
beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp({ deps: t.deps, log: captured.log });
  const failing = { config: { access: { public: true } } } as const;
  app.get('/api/test/throws', failing, async () => {
    throw new Error(`connect failed: ${SECRET}`);
  });
  app.get('/api/test/throws-text', failing, async () => {
    throw SECRET;
  });
  app.get('/api/test/throws-503', failing, async () => {
    throw Object.assign(new Error(`upstream said ${SECRET}`), { statusCode: 503 });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

/** What an unexpected failure must never show a caller. */
const expectNothingLeaked = (body: string) => {
  expect(body).not.toContain('hunter2');
  expect(body).not.toMatch(/\bat .+:\d+:\d+/); // a stack frame
  expect(body).not.toMatch(/\.ts\b|node_modules|\/work\//);
};

describe('an unexpected failure', () => {
  it.each(['/api/test/throws', '/api/test/throws-text', '/api/test/throws-503'])(
    '%s answers a bare 500 with the security headers, and the log keeps the detail',
    async (url) => {
      const logged = captured.text().length;
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual(INTERNAL);
      expectNothingLeaked(response.body);
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(captured.text().slice(logged)).toContain('unhandled error');
    },
  );

  it('of the database answers 500 without the SQL, the table or the driver’s message', async () => {
    const bearer = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    await t.db.execute(sql`drop table todos cascade`);
    const response = await app.inject({
      method: 'GET',
      url: '/api/todos',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(INTERNAL);
    expectNothingLeaked(response.body);
    expect(response.body).not.toMatch(/todos|select|relation/i);
    // The operator still learns what failed, and the session that asked stays out of the log.
    expect(captured.text()).toMatch(/todos/);
    expect(captured.text()).not.toContain(bearer);
  });
});

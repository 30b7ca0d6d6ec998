import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../../test/support/constants';
import { signIn } from '../../test/support/factories';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { rowsOf } from '../db/sql';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = {
    authorization: `Bearer ${await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password)}`,
    'content-type': 'application/json',
  };
});
afterAll(() => t.close());

const auditRows = async () =>
  Number(rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from audit_logs`))[0]?.n);

describe('text that is not valid Unicode', () => {
  // A lone low surrogate, escaped in the JSON text as a client (or an attacker) can send it.
  const lone = String.raw`x\udfffy`;

  it('is refused with 400 MALFORMED_BODY in a JSON body, writing nothing (it was a 500)', async () => {
    const before = await auditRows();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/update-status',
      headers,
      payload: `{"status":"required","required_version":"${lone}"}`,
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      code: 'MALFORMED_BODY',
      message: 'The request holds text that is not valid Unicode',
    });
    expect(await auditRows()).toBe(before);
  });

  it('is refused in a key, deep in a body and in a query string', async () => {
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/update-status',
      headers,
      payload: `{"status":"required","comments":"ok","extra":[{"${lone}":1}]}`,
    });
    expect(deep.statusCode, deep.body).toBe(400);
    const query = await t.app.inject({ method: 'GET', url: '/api/loans?search=%ED%BF%BF', headers });
    expect(query.statusCode).toBeLessThan(500);
  });

  it('lets a surrogate pair (an emoji) through', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/update-status',
      headers,
      payload: String.raw`{"status":"required","required_version":"2.5.0","comments":"ok \ud83d\ude00"}`,
    });
    expect(answer.statusCode, answer.body).toBeLessThan(300);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../../test/support/constants';
import { createSignedInUser, signIn } from '../../test/support/factories';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { digitsOnlyPath } from './numeric-params';

/**
 * Every call the product's screens make on a fixed path (no id in it), whether built yet or not.
 * Several sit beside a parameter route (`/loans/financial-health` beside `/loans/:id`), where a
 * parameter matching any text turned them into a 400 "Invalid id".
 */
const STATIC_CALLS = [
  'GET /emi/bounced/export',
  'GET /expenses',
  'GET /expenses/agents',
  'GET /expenses/dashboard',
  'GET /loans',
  'GET /loans/admin-dashboard',
  'GET /loans/agent/collection-report',
  'GET /loans/bounced-emis',
  'GET /loans/bounced-emis/stats',
  'GET /loans/dashboard/admin/recent-activities',
  'GET /loans/dashboard/agent',
  'GET /loans/emis/due',
  'GET /loans/emis/due/export',
  'GET /loans/export',
  'GET /loans/financial-health',
  'GET /loans/my',
  'GET /loans/update-payment-date',
  'GET /reports',
  'GET /roles',
  'GET /roles/permissions',
  'GET /stats/revenue',
  'GET /support',
  'GET /todos',
  'GET /todos/stats',
  'GET /update-status',
  'GET /update-status/history',
  'GET /users',
  'GET /users/list/visible',
  'GET /users/notifications',
  'GET /users/profile/me',
  'GET /users/stats/agents/monthly',
  'GET /users/stats/monthly',
  'GET /admin/audit-logs',
  'GET /auth/admin/tokens',
  'GET /auth/admin/token-stats',
  'POST /auth/admin/cleanup-tokens',
  'POST /auth/admin/tokens/remove-all',
  'POST /loans',
  'POST /roles',
  'POST /todos',
  'POST /update-status',
  'POST /users',
  'POST /users/notifications/send',
  'PUT /users/change-password',
  'PATCH /users/me/password',
] as const;

let t: TestApp;
const callers: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  t = await createTestApp();
  callers.superadmin = { authorization: `Bearer ${await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password)}` };
  for (const role of ['admin', 'agent', 'user'])
    callers[role] = (await createSignedInUser(t, { role })).headers;
});
afterAll(() => t.close());

const call = (line: string, headers: Record<string, string>) => {
  const [method, path] = line.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH', string];
  return t.app.inject({ method, url: `/api${path}`, headers, ...(method === 'GET' ? {} : { payload: {} }) });
};

describe('static paths win over parameter paths', () => {
  it.each(['superadmin', 'admin', 'agent', 'user'])(
    'never answers a %s a fixed path with the 400 of an id parameter',
    async (role) => {
      for (const line of STATIC_CALLS) {
        const response = await call(line, callers[role] ?? {});
        // Downloads answer files, so only a refusal is read as JSON.
        const errors: { param: string }[] = response.statusCode === 400 ? (response.json().errors ?? []) : [];
        const idRefusal = errors.some((error) => error.param === 'id');
        expect(idRefusal, `${role}: ${line} → ${response.body}`).toBe(false);
        expect(response.statusCode, `${role}: ${line}`).toBeLessThan(500);
      }
    },
    30_000,
  );

  it.each(['superadmin', 'agent', 'user'])(
    'answers a %s 404 NOT_FOUND for a fixed path not built, beside an id route',
    async (role) => {
      for (const path of ['/api/loans/no-such-screen', '/api/users/no-such-screen', '/api/roles/no-such']) {
        for (const method of ['GET', 'PUT', 'DELETE'] as const) {
          const response = await t.app.inject({ method, url: path, headers: callers[role] ?? {} });
          expect(response.statusCode, `${method} ${path}`).toBe(404);
          expect(response.json().code).toBe('NOT_FOUND');
        }
      }
    },
  );

  it('still routes digits to the id routes: unknown ids 404, ids beyond the database range 400', async () => {
    const admin = callers.superadmin ?? {};
    const unknown = await t.app.inject({ method: 'GET', url: '/api/loans/999999', headers: admin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Loan not found');
    const huge = await t.app.inject({ method: 'GET', url: '/api/users/99999999999', headers: admin });
    expect(huge.statusCode).toBe(400);
  });

  it('keeps the API documentation paths plain ({id}, no pattern)', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: callers.superadmin });
    const paths = Object.keys(docs.json().paths);
    expect(paths).toContain('/api/loans/{id}');
    expect(paths).toContain('/api/emi/pay/{loanId}/{emiNumber}');
    expect(paths.filter((path) => path.includes('('))).toEqual([]);
  });

  it('matches ids, *Id and *Number parameters only against digits', () => {
    expect(digitsOnlyPath('/api/loans/:id/foreclose')).toBe('/api/loans/:id(^\\d+$)/foreclose');
    expect(digitsOnlyPath('/api/emi/pay/:loanId/:emiNumber')).toBe(
      '/api/emi/pay/:loanId(^\\d+$)/:emiNumber(^\\d+$)',
    );
    expect(digitsOnlyPath('/api/files/:key')).toBe('/api/files/:key');
    expect(digitsOnlyPath('/api/loans/my')).toBe('/api/loans/my');
  });
});

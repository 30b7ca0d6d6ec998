import { randomUUID } from 'node:crypto';
import { SYSTEM_ROLE_PERMISSIONS } from '@lending/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access, RouteAccess } from '../../src/platform/access';
import { registeredRoutes } from '../../src/route-registry';
import {
  bodyOf,
  CALLERS,
  type Caller,
  createAccessCast,
  signatureHeadersOf,
  WEBHOOK_SECRETS,
} from '../support/access-cast';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The access matrix: every route the app registers, called by every kind of caller with the ids
 * of records that belong to somebody else, against what the route declares. A new route is covered
 * the day it is registered.
 */
let t: TestApp;
let cast: Awaited<ReturnType<typeof createAccessCast>>;
let routes: RouteAccess[];
beforeAll(async () => {
  t = await createTestApp({ messaging: WEBHOOK_SECRETS });
  cast = await createAccessCast(t);
  routes = t.app.routeAccess;
});
afterAll(() => t.close());

const STAFF: readonly Caller[] = ['admin', 'superadmin'];
// Some 650 calls in one test: on a busy two-core machine that can take minutes.
const MATRIX_TIMEOUT_MS = 300_000;

/**
 * The rule read independently of the platform's check (which is what is under test): the
 * superadmin passes every role list, and a permission is one the seeded role holds; a custom role
 * (here holding every permission) never passes a route that names roles.
 */
const passesRule = (caller: Exclude<Caller, 'anonymous'>, access: Exclude<Access, { public: true }>) => {
  if (caller === 'custom') return !access.roles;
  const roleOk = !access.roles || caller === 'superadmin' || access.roles.includes(caller);
  const [resource, action] = access.permission ?? [];
  const permissionOk =
    !resource ||
    SYSTEM_ROLE_PERMISSIONS[caller].some((p) => p.resource === resource && p.actions.includes(action ?? ''));
  return roleOk && permissionOk;
};

type Expected = 'unauthenticated' | 'forbidden' | 'out-of-scope' | 'passes';

/** What the declared rule says a caller gets when it names somebody else's record. */
const expectedFor = (access: Access, caller: Caller, url: string): Expected => {
  if ('public' in access) return 'passes';
  if (caller === 'anonymous') return 'unauthenticated';
  if (!passesRule(caller, access)) return 'forbidden';
  const namesRecord = url.includes('/:');
  if (namesRecord && access.scope === 'self') return 'out-of-scope';
  if (namesRecord && access.scope === 'owned' && !STAFF.includes(caller)) return 'out-of-scope';
  return 'passes';
};

const matches = (expected: Expected, status: number) => {
  if (expected === 'unauthenticated') return status === 401;
  if (expected === 'forbidden') return status === 403;
  if (expected === 'out-of-scope') return status === 403 || status === 404;
  return status !== 401 && status !== 403 && status < 500;
};

// Deletions go last, so every other call still finds the records it names.
const inCallOrder = (list: RouteAccess[]) =>
  [...list].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

describe('the access matrix', () => {
  it('reads every /api route with its rule from the app, as docs/ACCESS.md does', async () => {
    expect(routes.length).toBeGreaterThan(100);
    const light = await registeredRoutes();
    expect(light.map((r) => `${r.method} ${r.url}`)).toEqual(routes.map((r) => `${r.method} ${r.url}`));
    for (const route of routes) expect(route.access, `${route.method} ${route.url}`).toBeTruthy();
  });

  it('makes every route that names a record and admits more than the staff say whose records it reaches', () => {
    const unscoped = routes
      .filter(({ url, access }) => url.includes('/:') && !('public' in access) && access.scope === undefined)
      .filter(({ access, url }) =>
        (['user', 'agent', 'custom'] as const).some(
          (caller) => expectedFor(access, caller, url) !== 'forbidden',
        ),
      )
      .map(({ method, url }) => `${method} ${url}`);
    expect(unscoped).toEqual([]);
  });

  it(
    'answers every route to every caller as its declared rule says',
    async () => {
      const mismatches: string[] = [];
      for (const route of inCallOrder(routes)) {
        const url = cast.urlOf(route.url);
        for (const caller of CALLERS) {
          const expected = expectedFor(route.access, caller, route.url);
          const payload = bodyOf(route.method, route.url);
          const headers = {
            ...(await cast.headersOf(caller)),
            ...signatureHeadersOf(route.url, payload),
            'idempotency-key': randomUUID(),
          };
          const response = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers,
            ...(payload && { payload }),
          });
          if (!matches(expected, response.statusCode))
            mismatches.push(
              `${route.method} ${route.url} as ${caller}: ${response.statusCode}, expected ${expected}`,
            );
        }
      }
      expect(mismatches).toEqual([]);
    },
    MATRIX_TIMEOUT_MS,
  );

  it('lets the owners read their own records through every scoped route that names one', async () => {
    const answers: string[] = [];
    for (const route of routes) {
      const scope = 'public' in route.access ? undefined : route.access.scope;
      if (route.method !== 'GET' || !route.url.includes('/:') || !scope || scope === 'all') continue;
      // `self` reads are the borrower's own; `owned` ones are the borrower's and their agent's.
      const owners = (scope === 'self' ? ['user'] : ['agent', 'user']) as ('agent' | 'user')[];
      for (const owner of owners.filter((o) => expectedFor(route.access, o, '/') === 'passes')) {
        const headers = await cast.ownerHeadersOf(owner);
        const response = await t.app.inject({ method: 'GET', url: cast.urlOf(route.url), headers });
        answers.push(`${route.url} as its ${owner}: ${response.statusCode}`);
      }
    }
    expect(answers.length).toBeGreaterThan(10);
    expect(answers.filter((line) => !line.endsWith(': 200'))).toEqual([]);
  });

  it('refuses a document link whose signature or expiry was changed, to every caller', async () => {
    const url = cast.urlOf('/api/files/:key');
    const forged = url.replace(/signature=[^&]+/, 'signature=AAAA');
    const extended = url.replace(/expires=(\d+)/, (_, s: string) => `expires=${Number(s) + 3600}`);
    for (const caller of CALLERS) {
      const headers = await cast.headersOf(caller);
      for (const bad of [forged, extended]) {
        const response = await t.app.inject({ method: 'GET', url: bad, headers });
        expect([403, 404], `${caller} ${bad}`).toContain(response.statusCode);
      }
    }
  });
});

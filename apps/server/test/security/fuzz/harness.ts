import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../../src/db/schema';
import { findUserWithRoleByEmail } from '../../../src/modules/users';
import { insertSession } from '../../../src/platform/auth/session-repository';
import { newOpaqueToken, sha256 } from '../../../src/platform/tokens';
import { TEST_ADMIN } from '../../support/constants';
import { createUser } from '../../support/factories';
import { createFingerprint } from './fingerprint';
import type { FuzzApp, FuzzRoute } from './routes';

export type Caller = 'superadmin' | 'agent' | 'anonymous';

export type HostileRequest = {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
};

type Answer = { statusCode: number; body: string };

/** Numeric path parameters: the router matches them only against digits (see numeric-params.ts). */
export const isNumericParam = (name: string) => name === 'id' || /^[a-z][A-Za-z0-9]*(Id|Number)$/.test(name);

/** The tables whose line differs between two fingerprints. */
const changedTables = (before: string, after: string) => {
  const earlier = new Set(before.split('\n'));
  return after.split('\n').filter((line) => !earlier.has(line));
};

/** The route's URL with each `:param` replaced by the (already encoded) value given for it. */
export const pathOf = (route: FuzzRoute, values: Record<string, string>) =>
  route.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => values[name] ?? '1');

/**
 * Sends hostile requests and checks what every one of them must satisfy: no 5xx; a 4xx carries the
 * error answer `{code, message}`; and a 4xx leaves every table as it was (the fingerprint).
 */
export const createHarness = async ({ t, cast }: FuzzApp) => {
  const fingerprint = await createFingerprint(t);
  const seeded = await findUserWithRoleByEmail(t.db, TEST_ADMIN.email);
  if (!seeded) throw new Error('the seeded superadmin is missing');
  const ids = { superadmin: seeded.user.id, agent: cast.agentA.user.id };

  /**
   * A session for the caller. A call that went through may have deleted or deactivated the very user
   * (a plausible id such as 3 can be theirs): then a fresh user of the same role stands in.
   */
  const newSession = async (caller: Exclude<Caller, 'anonymous'>) => {
    const [user] = await t.db.select().from(users).where(eq(users.id, ids[caller]));
    if (!user?.isActive) ids[caller] = (await createUser(t.db, { role: caller })).id;
    const userId = ids[caller];
    const token = newOpaqueToken();
    const expiresAt = new Date(t.clock.now().getTime() + 3_600_000);
    await insertSession(t.db, { userId, accessTokenHash: sha256(token), expiresAt });
    return `Bearer ${token}`;
  };
  let tokens: Record<Exclude<Caller, 'anonymous'>, string> | undefined;
  let known: string | undefined;

  /** Sessions anew whenever a call went through: it may have signed out or revoked every token. */
  const authorization = async (caller: Caller) => {
    if (caller === 'anonymous') return {};
    if (!tokens) {
      tokens = { superadmin: await newSession('superadmin'), agent: await newSession('agent') };
      known = undefined;
    }
    return { authorization: tokens[caller] };
  };

  const send = async (request: HostileRequest, caller: Caller): Promise<Answer> => {
    const headers = { ...(await authorization(caller)), ...request.headers };
    known ??= await fingerprint.take();
    const response = await t.app.inject({ ...request, headers });
    const status = response.statusCode;
    const shown = `${request.method} ${request.url.slice(0, 300)} as ${caller} → ${status} ${response.body.slice(0, 300)}`;
    expect(status, shown).toBeLessThan(500);
    if (status >= 400) {
      const body = JSON.parse(response.body) as { code?: unknown; message?: unknown };
      expect(typeof body.code, shown).toBe('string');
      expect(typeof body.message, shown).toBe('string');
      const after = await fingerprint.take();
      const before = known;
      // One failure must not fail every later call: the next comparison starts from here.
      known = after;
      const changed = changedTables(before, after);
      expect(changed, `a refused call changed ${changed.join(', ')}: ${shown}`).toEqual([]);
    } else {
      known = undefined;
      tokens = undefined;
    }
    return { statusCode: status, body: response.body };
  };

  /** Who the route is fuzzed as: the superadmin, and an agent too when an agent may call it. */
  const callersOf = async (route: FuzzRoute): Promise<Caller[]> => {
    if ('public' in route.access) return ['anonymous', 'superadmin'];
    const probe = await send({ method: route.method, url: pathOf(route, {}) }, 'agent');
    return probe.statusCode === 403 ? ['superadmin'] : ['superadmin', 'agent'];
  };

  return { send, callersOf, fingerprint };
};

export type Harness = Awaited<ReturnType<typeof createHarness>>;

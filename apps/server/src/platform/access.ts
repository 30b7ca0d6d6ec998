import { type Action, hasAnyRole, hasPermission, normalizeRoleName, type Resource } from '@lending/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Actor } from './audit';
import { deactivateSession, findLiveSession, touchSession } from './auth/session-repository';
import type { Clock } from './clock';
import { forbidden, unauthenticated } from './errors';
import { sha256 } from './tokens';

/**
 * Who may call a route; every /api route must declare one. `public` routes need no session;
 * otherwise a live session is required, plus any roles (superadmin passes) and permission named.
 */
export type Access =
  | { public: true; scope?: 'signed' }
  | {
      roles?: readonly string[];
      permission?: readonly [Resource, Action];
      /** Whose records the route reaches beyond the role check; `all` when omitted. */
      scope?: AccessScope;
      deniedMessage?: string;
    };

/**
 * Whose records a route reaches once the role check has passed, applied by its service (in SQL):
 * `all` every record the roles may see; `self` only the caller's own account, taken from the
 * session (no id is accepted); `owned` records the caller owns or, for an agent, its book (a
 * record outside it answers 404, so its existence does not leak); `signed` a signed link, checked
 * by its HMAC and expiry.
 */
export type AccessScope = 'all' | 'self' | 'owned' | 'signed';

/** One registered /api route and the rule it declares, as the access matrix and docs/ACCESS.md read it. */
export type RouteAccess = { method: string; url: string; access: Access };

export type AuthUser = {
  id: number;
  name: string;
  email: string;
  role: string;
  roleId: number;
  permissions: { resource: string; actions: string[] }[];
};

/** A user and its role as the repositories read them: what an `AuthUser` is made of. */
export type UserAndRole = {
  user: { id: number; name: string; email: string };
  role: { id: number; name: string; isActive: boolean; permissions: AuthUser['permissions'] };
};

/**
 * The caller a user acts as, wherever it comes from (a session, a demo account, the collector an
 * imported row names). An inactive role grants nothing beyond being signed in.
 */
export const toAuthUser = ({ user, role }: UserAndRole): AuthUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: normalizeRoleName(role.name),
  roleId: role.id,
  permissions: role.isActive ? role.permissions : [],
});

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: { user: AuthUser; tokenId: number } | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access rule, in registration order. */
    routeAccess: RouteAccess[];
  }
}

// Writing last_used_at on every request would turn every read into a write; a minute is precise enough.
const TOUCH_INTERVAL_MS = 60_000;

const bearerOf = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
};

export type SessionPolicy = { db: Db; clock: Clock; sessionIdleHours: number };

/**
 * The user behind the request's bearer token, or null; revoked or expired tokens resolve to null at
 * once. A session unused for longer than the idle timeout is ended, so a token left on a shared
 * phone or office PC stops working.
 */
export const resolveSession = async (
  { db, clock, sessionIdleHours }: SessionPolicy,
  request: FastifyRequest,
) => {
  const token = bearerOf(request);
  if (!token || token.length > 200) return null;
  const now = clock.now();
  const session = await findLiveSession(db, sha256(token), now);
  if (!session?.user.isActive) return null;
  if (now.getTime() - session.lastUsedAt.getTime() > sessionIdleHours * 3_600_000) {
    await deactivateSession(db, session.tokenId);
    return null;
  }
  if (now.getTime() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS)
    await touchSession(db, session.tokenId, now);
  return { user: toAuthUser(session), tokenId: session.tokenId };
};

export const isAllowed = (user: AuthUser, access: Exclude<Access, { public: true }>): boolean => {
  const bearer = { role: user.role, permissions: user.permissions };
  if (access.roles && !hasAnyRole(bearer, access.roles)) return false;
  if (access.permission && !hasPermission(bearer, access.permission[0], access.permission[1])) return false;
  return true;
};

/** Secure by default: a route without an access rule is a start-up error, not an open door. */
export const registerAccessControl = (app: FastifyInstance, deps: SessionPolicy) => {
  app.decorateRequest('auth', null);
  const registry: RouteAccess[] = [];
  app.decorate('routeAccess', registry);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    // HEAD routes Fastify adds beside a GET share its rule; the GET stands for both.
    for (const method of [route.method].flat().filter((m) => m !== 'HEAD'))
      registry.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    request.auth = await resolveSession(deps, request);
    if ('public' in access) return;
    if (!request.auth)
      throw unauthenticated(bearerOf(request) ? 'Invalid or expired token' : 'Authentication required');
    if (!isAllowed(request.auth.user, access)) throw forbidden(access.deniedMessage);
  });
};

/** The signed-in user of a route whose access rule requires one. */
export const currentUser = (request: FastifyRequest): AuthUser => {
  if (!request.auth) throw unauthenticated();
  return request.auth.user;
};

export const actorOf = (request: FastifyRequest): Actor => ({
  userId: request.auth?.user.id ?? null,
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
});

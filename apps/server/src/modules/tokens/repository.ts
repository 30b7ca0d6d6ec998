import type { TTokenListQuery } from '@lending/domain';
import { and, count, eq, ilike, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { authTokens, roles, users } from '../../db/schema';
import { containsPattern, latestFirstPage, type PageWindow } from '../../db/sql';

export type TokenFilter = Omit<TTokenListQuery, 'page' | 'limit'>;

/** A session with its user's name and e-mail and their role's name. */
export type TokenRow = {
  token: typeof authTokens.$inferSelect;
  userName: string;
  userEmail: string;
  roleName: string;
};

const withUser = (db: Executor) =>
  db
    .select({ token: authTokens, userName: users.name, userEmail: users.email, roleName: roles.name })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .$dynamic();

/** search: the user's name or e-mail; user_id, device_type (exact) and is_active. */
const whereOf = (filter: TokenFilter): SQL | undefined => {
  const pattern = containsPattern(filter.search);
  return and(
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
    filter.user_id === undefined ? undefined : eq(authTokens.userId, filter.user_id),
    filter.device_type === undefined ? undefined : eq(authTokens.deviceType, filter.device_type),
    filter.is_active === undefined ? undefined : eq(authTokens.isActive, filter.is_active === 'true'),
  );
};

/** One page of sessions, most recently used first. */
export const listTokens = (db: Executor, filter: TokenFilter, page: PageWindow): Promise<TokenRow[]> =>
  latestFirstPage(withUser(db).where(whereOf(filter)), authTokens.lastUsedAt, authTokens.id, page);

export const countTokens = async (db: Executor, filter: TokenFilter): Promise<number> => {
  const [row] = await db
    .select({ total: count() })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(whereOf(filter));
  return Number(row?.total ?? 0);
};

/** Total; active (not revoked, not expired); expired (past expiry, revoked or not). */
export const tokenStats = async (db: Executor, now: Date) => {
  const [row] = await db
    .select({
      total: sql<string>`count(*)::text`,
      active: sql<string>`(count(*) filter (where ${authTokens.isActive} and ${authTokens.expiresAt} > ${now}))::text`,
      expired: sql<string>`(count(*) filter (where ${authTokens.expiresAt} <= ${now}))::text`,
    })
    .from(authTokens);
  return {
    total: Number(row?.total ?? 0),
    active: Number(row?.active ?? 0),
    expired: Number(row?.expired ?? 0),
  };
};

const named = (userId: number, tokenHash: string) =>
  and(eq(authTokens.userId, userId), eq(authTokens.accessTokenHash, tokenHash));

export const findToken = async (
  db: Executor,
  userId: number,
  tokenHash: string,
): Promise<TokenRow | null> => {
  const [row] = await withUser(db).where(named(userId, tokenHash)).limit(1);
  return row ?? null;
};

/** Ends one session; answers its id, or null when no such session exists. */
export const revokeToken = async (
  db: Executor,
  userId: number,
  tokenHash: string,
): Promise<number | null> => {
  const [row] = await db
    .update(authTokens)
    .set({ isActive: false })
    .where(named(userId, tokenHash))
    .returning({ id: authTokens.id });
  return row?.id ?? null;
};

/** Deletes every session that can no longer be used (revoked or expired); answers how many. */
export const deleteDeadTokens = async (db: Executor, now: Date): Promise<number> => {
  const rows = await db
    .delete(authTokens)
    .where(or(eq(authTokens.isActive, false), lte(authTokens.expiresAt, now)))
    .returning({ id: authTokens.id });
  return rows.length;
};

/** Deletes every session but `keepTokenId` (the caller's own); answers how many. */
export const deleteTokensExcept = async (db: Executor, keepTokenId: number): Promise<number> => {
  const rows = await db
    .delete(authTokens)
    .where(ne(authTokens.id, keepTokenId))
    .returning({ id: authTokens.id });
  return rows.length;
};

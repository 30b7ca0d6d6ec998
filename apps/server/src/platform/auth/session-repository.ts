import { and, eq, gt, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { authTokens, type PermissionList, roles, users } from '../../db/schema';

export type SessionRow = {
  tokenId: number;
  lastUsedAt: Date;
  user: { id: number; name: string; email: string; isActive: boolean; roleId: number };
  role: { id: number; name: string; permissions: PermissionList; isActive: boolean };
};

/** The live session for a token hash: active, unexpired, with its user and role. */
export const findLiveSession = async (
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<SessionRow | null> => {
  const [row] = await db
    .select({
      tokenId: authTokens.id,
      lastUsedAt: authTokens.lastUsedAt,
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        isActive: users.isActive,
        roleId: users.roleId,
      },
      role: { id: roles.id, name: roles.name, permissions: roles.permissions, isActive: roles.isActive },
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(authTokens.accessTokenHash, tokenHash),
        eq(authTokens.isActive, true),
        gt(authTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
};

export const touchSession = async (db: Executor, tokenId: number, now: Date): Promise<void> => {
  await db.update(authTokens).set({ lastUsedAt: now }).where(eq(authTokens.id, tokenId));
};

export type NewSession = typeof authTokens.$inferInsert;

export const insertSession = async (db: Executor, values: NewSession) => {
  await db.insert(authTokens).values(values);
};

export const deactivateSession = async (db: Executor, tokenId: number) => {
  await db.update(authTokens).set({ isActive: false }).where(eq(authTokens.id, tokenId));
};

/** Ends every session of a user, except `keepTokenId` when given. */
export const deactivateUserSessions = async (db: Executor, userId: number, keepTokenId?: number) => {
  await db
    .update(authTokens)
    .set({ isActive: false })
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.isActive, true),
        keepTokenId ? ne(authTokens.id, keepTokenId) : undefined,
      ),
    );
};

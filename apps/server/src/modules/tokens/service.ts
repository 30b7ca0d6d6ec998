import type { TTokenListQuery, TTokenListResponse, TTokenRecord, TTokenStats } from '@lending/domain';
import { type Actor, writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import {
  countTokens,
  deleteDeadTokens,
  deleteTokensExcept,
  findToken,
  listTokens,
  revokeToken,
  type TokenRow,
  tokenStats,
} from './repository';

/** Who asks: their user and the id of the session their request came with. */
export type Caller = { userId: number; tokenId: number; actor: Actor };

const TOKEN_NOT_FOUND = 'Token not found';

/** A session as answered: named by its hash; the bearer token itself is never stored, so never shown. */
const toRecord = (row: TokenRow, now: Date, currentTokenId: number): TTokenRecord => ({
  user_id: row.token.userId,
  access_token_hash: row.token.accessTokenHash,
  device_type: row.token.deviceType,
  device_name: row.token.deviceName,
  device_id: row.token.deviceId,
  ip_address: row.token.ipAddress,
  user_agent: row.token.userAgent,
  created_at: row.token.createdAt.toISOString(),
  last_used_at: row.token.lastUsedAt.toISOString(),
  expires_at: row.token.expiresAt.toISOString(),
  is_active: row.token.isActive,
  is_expired: row.token.expiresAt.getTime() <= now.getTime(),
  is_current: row.token.id === currentTokenId,
  User: { name: row.userName, email: row.userEmail, Role: { name: row.roleName } },
});

/** Token Management: every session of every user, their counts, and ending them. */
export const createTokenAdmin = (deps: AppDeps) => ({
  async list(query: TTokenListQuery, caller: Caller): Promise<TTokenListResponse> {
    const { page, limit, ...filter } = query;
    const now = deps.clock.now();
    const rows = await listTokens(deps.db, filter, { limit, offset: (page - 1) * limit });
    const total = await countTokens(deps.db, filter);
    return {
      tokens: rows.map((row) => toRecord(row, now, caller.tokenId)),
      pagination: {
        current_page: page,
        total_pages: Math.ceil(total / limit),
        total_items: total,
        items_per_page: limit,
      },
    };
  },

  stats: (): Promise<TTokenStats> => tokenStats(deps.db, deps.clock.now()),

  async details(userId: number, tokenHash: string, caller: Caller): Promise<TTokenRecord> {
    const row = await findToken(deps.db, userId, tokenHash);
    if (row === null) throw notFound(TOKEN_NOT_FOUND);
    return toRecord(row, deps.clock.now(), caller.tokenId);
  },

  /** Ends one session at once: its next request is a 401. */
  async revoke(userId: number, tokenHash: string, caller: Caller): Promise<void> {
    await deps.db.transaction(async (tx) => {
      const id = await revokeToken(tx, userId, tokenHash);
      if (id === null) throw notFound(TOKEN_NOT_FOUND);
      await writeAudit(tx, caller.actor, {
        action: 'token_revoked',
        resourceType: 'auth_token',
        resourceId: id,
        metadata: { user_id: userId, own_session: id === caller.tokenId },
      });
    });
  },

  /** Deletes the sessions nobody can use any more (revoked or expired). */
  async cleanup(caller: Caller): Promise<number> {
    return deps.db.transaction(async (tx) => {
      const cleaned = await deleteDeadTokens(tx, deps.clock.now());
      await writeAudit(tx, caller.actor, {
        action: 'tokens_cleaned',
        resourceType: 'auth_token',
        metadata: { cleaned_count: cleaned },
      });
      return cleaned;
    });
  },

  /** Signs everybody out but the caller, whose own session is kept so the screen keeps working. */
  async removeAll(caller: Caller): Promise<number> {
    return deps.db.transaction(async (tx) => {
      const deleted = await deleteTokensExcept(tx, caller.tokenId);
      await writeAudit(tx, caller.actor, {
        action: 'tokens_removed_all',
        resourceType: 'auth_token',
        metadata: { deleted_count: deleted, kept_token_id: caller.tokenId },
      });
      return deleted;
    });
  },
});

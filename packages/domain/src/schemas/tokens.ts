import { z } from 'zod';
import { TOKEN_PAGE_SIZE } from '../tokens/tokens';
import { ZDbId, ZPageQuery, ZQuery, ZQueryInteger } from './common';
import { ZSearch, ZText } from './primitives';

/** GET /auth/admin/tokens: 20 a page; search on the user's name or e-mail. */
export const ZTokenListQuery = ZQuery({
  page: ZPageQuery,
  limit: ZQueryInteger('limit', 1, 100, TOKEN_PAGE_SIZE),
  search: ZSearch,
  user_id: ZDbId('Invalid user').optional(),
  device_type: ZText('device_type').trim().max(100, 'device_type must be at most 100 characters').optional(),
  is_active: z.enum(['true', 'false']).optional(),
});
export type TTokenListQuery = z.infer<typeof ZTokenListQuery>;

/** A session as the superadmin sees it: the SHA-256 of its bearer token names it; the token itself never. */
export const ZTokenRecord = z.object({
  user_id: z.number(),
  access_token_hash: z.string(),
  device_type: z.string().nullable(),
  device_name: z.string().nullable(),
  device_id: z.string().nullable(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string(),
  is_active: z.boolean(),
  is_expired: z.boolean(),
  /** The caller's own session (the one this request came with). */
  is_current: z.boolean(),
  User: z.object({ name: z.string(), email: z.string(), Role: z.object({ name: z.string() }) }),
});
export type TTokenRecord = z.infer<typeof ZTokenRecord>;

export const ZTokenListResponse = z.object({
  tokens: z.array(ZTokenRecord),
  pagination: z.object({
    current_page: z.number(),
    total_pages: z.number(),
    total_items: z.number(),
    items_per_page: z.number(),
  }),
});
export type TTokenListResponse = z.infer<typeof ZTokenListResponse>;

export const ZTokenStatsResponse = z.object({
  stats: z.object({ total: z.number(), active: z.number(), expired: z.number() }),
});
export type TTokenStats = z.infer<typeof ZTokenStatsResponse>['stats'];

/** A token is named by its user and its hash (64 hex characters). */
export const ZTokenParams = z.object({
  userId: ZDbId('Invalid user'),
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/, 'Invalid token hash'),
});

export const ZTokenResponse = z.object({ token: ZTokenRecord });

export const ZCleanupTokensResponse = z.object({ message: z.string(), cleaned_count: z.number() });

/** POST /auth/admin/tokens/remove-all: `{confirm: true}`, nothing else goes ahead. */
export const ZRemoveAllTokensRequest = z.object({
  confirm: z.literal(true, { error: 'confirm must be true' }),
});
export const ZRemoveAllTokensResponse = z.object({
  message: z.string(),
  deleted_count: z.number(),
  /** The caller's own session is kept, so they stay signed in. */
  current_session_kept: z.boolean(),
});

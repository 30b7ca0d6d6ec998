import {
  ZCleanupTokensResponse,
  ZMessageResponse,
  ZRemoveAllTokensRequest,
  ZRemoveAllTokensResponse,
  ZTokenListQuery,
  ZTokenListResponse,
  ZTokenParams,
  ZTokenResponse,
  ZTokenStatsResponse,
} from '@lending/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Access, actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { unauthenticated } from '../../platform/errors';
import { errorResponses } from '../../platform/openapi';
import { type Caller, createTokenAdmin } from './service';

/** Token Management is the superadmin's alone. */
const SUPERADMIN: Access = { roles: ['superadmin'] };

const errors = errorResponses(400, 401, 403);
const withNotFound = { ...errors, ...errorResponses(404) };

const callerOf = (request: FastifyRequest): Caller => {
  if (!request.auth) throw unauthenticated();
  return { userId: request.auth.user.id, tokenId: request.auth.tokenId, actor: actorOf(request) };
};

export const tokenRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tokens = createTokenAdmin(deps);

    app.get(
      '/api/auth/admin/tokens',
      {
        schema: {
          tags: ['tokens'],
          summary:
            'Every session, most recently used first, 20 a page: search (user name or e-mail), user_id, device_type, is_active. Never the bearer token: its SHA-256 names it. Superadmin only.',
          querystring: ZTokenListQuery,
          response: { 200: ZTokenListResponse, ...errors },
        },
        config: { access: SUPERADMIN },
      },
      async (request) => tokens.list(request.query, callerOf(request)),
    );

    app.get(
      '/api/auth/admin/token-stats',
      {
        schema: {
          tags: ['tokens'],
          summary:
            'Sessions: total, active (not revoked, not expired), expired (past their expiry). Superadmin only.',
          response: { 200: ZTokenStatsResponse, ...errors },
        },
        config: { access: SUPERADMIN },
      },
      async () => ({ stats: await tokens.stats() }),
    );

    app.get(
      '/api/auth/admin/tokens/:userId/:tokenHash',
      {
        schema: {
          tags: ['tokens'],
          summary: 'One session, named by its user and its hash. Superadmin only.',
          params: ZTokenParams,
          response: { 200: ZTokenResponse, ...withNotFound },
        },
        config: { access: SUPERADMIN },
      },
      async (request) => ({
        token: await tokens.details(request.params.userId, request.params.tokenHash, callerOf(request)),
      }),
    );

    app.post(
      '/api/auth/admin/tokens/:userId/:tokenHash/revoke',
      {
        schema: {
          tags: ['tokens'],
          summary: 'End one session at once (its next request is a 401). Superadmin only.',
          params: ZTokenParams,
          response: { 200: ZMessageResponse, ...withNotFound },
        },
        config: { access: SUPERADMIN },
      },
      async (request) => {
        await tokens.revoke(request.params.userId, request.params.tokenHash, callerOf(request));
        return { message: 'Token revoked successfully' };
      },
    );

    app.post(
      '/api/auth/admin/cleanup-tokens',
      {
        schema: {
          tags: ['tokens'],
          summary: 'Delete every revoked or expired session: {cleaned_count}. Superadmin only.',
          response: { 200: ZCleanupTokensResponse, ...errors },
        },
        config: { access: SUPERADMIN },
      },
      async (request) => {
        const cleaned = await tokens.cleanup(callerOf(request));
        return { message: `${cleaned} expired or revoked tokens cleaned up`, cleaned_count: cleaned };
      },
    );

    app.post(
      '/api/auth/admin/tokens/remove-all',
      {
        schema: {
          tags: ['tokens'],
          summary:
            "Delete every session but the caller's own (which is kept, so they stay signed in): {confirm: true} required; answers {deleted_count, current_session_kept}. Superadmin only.",
          body: ZRemoveAllTokensRequest,
          response: { 200: ZRemoveAllTokensResponse, ...errors },
        },
        config: { access: SUPERADMIN },
      },
      async (request) => {
        const deleted = await tokens.removeAll(callerOf(request));
        return {
          message: `${deleted} tokens removed; your current session was kept`,
          deleted_count: deleted,
          current_session_kept: true,
        };
      },
    );
  };

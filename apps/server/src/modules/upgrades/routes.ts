import {
  ZUpdateHistoryQuery,
  ZUpdateHistoryResponse,
  ZUpdateStatusRecord,
  ZUpdateStatusRequest,
  ZUpdateStatusResponse,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Access, actorOf, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { createUpgrades } from './service';

/** Upgrade Management is the superadmin's. */
const SUPERADMIN: Access = { roles: ['superadmin'] };
/**
 * The admin dashboard's update banner reads the status, and an admin starts a permitted upgrade and
 * marks it done; which step a role may take is the lifecycle's rule (domain `updateTransition`).
 */
const DASHBOARD: Access = { roles: ['admin', 'superadmin'] };

const errors = errorResponses(400, 401, 403);

export const upgradeRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const upgrades = createUpgrades(deps);

    app.get(
      '/api/update-status',
      {
        schema: {
          tags: ['upgrades'],
          summary:
            "The current update status: the latest record, status 'unknown' before the first. Admins and superadmins.",
          response: { 200: ZUpdateStatusRecord, ...errors },
        },
        config: { access: DASHBOARD },
      },
      async () => upgrades.current(),
    );

    app.get(
      '/api/update-status/history',
      {
        schema: {
          tags: ['upgrades'],
          summary:
            'Every change of the update status, newest first, 10 a page: filters userId (who changed it), status, version (required or current, exact). Superadmin only.',
          querystring: ZUpdateHistoryQuery,
          response: { 200: ZUpdateHistoryResponse, ...errors },
        },
        config: { access: SUPERADMIN },
      },
      async (request) => upgrades.history(request.query),
    );

    app.post(
      '/api/update-status',
      {
        schema: {
          tags: ['upgrades'],
          summary:
            'Record a new update status (the whole form, or the status alone: the versions carry over). required: superadmin, from any status; permitted: superadmin, only from required; in_progress: only from permitted (else 409 UPDATE_NOT_PERMITTED); up_to_date: from permitted (superadmin) or in_progress. Admins may only start and finish a permitted upgrade.',
          body: ZUpdateStatusRequest,
          response: { 200: ZUpdateStatusResponse, ...errors, 409: errorResponses(409)[409] },
        },
        config: { access: DASHBOARD },
      },
      async (request) => ({
        message: 'Upgrade status updated successfully!',
        status: await upgrades.change(currentUser(request), request.body, actorOf(request)),
      }),
    );
  };

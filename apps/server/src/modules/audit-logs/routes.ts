import { ZAuditLogsQuery, ZAuditLogsResponse } from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { createAuditLogs } from './service';

/** The audit log: who changed what, from where; the superadmin's alone. */
export const auditLogRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const audit = createAuditLogs(deps);

    app.get(
      '/api/admin/audit-logs',
      {
        schema: {
          tags: ['audit-logs'],
          summary: 'Audit rows, newest first, 50 a page: {logs, total, totalPages, page}',
          description:
            'page (from 1), limit (20, 50 or 100; default 50), action (exact match), userId (the acting user). actor is the acting user’s name, else e-mail, else null. Superadmin only.',
          querystring: ZAuditLogsQuery,
          response: { 200: ZAuditLogsResponse, ...errorResponses(400, 401, 403) },
        },
        config: { access: { roles: ['superadmin'], deniedMessage: 'Not authorized' } },
      },
      async (request) => audit.list(request.query),
    );
  };

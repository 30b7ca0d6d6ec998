import { ZJobStarted } from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { startBookExport } from './start';

/** "Export everything": the superadmin's alone, since the file holds every record of the lender. */
export const exportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/jobs/export',
      {
        schema: {
          tags: ['jobs'],
          summary:
            'Starts the export of the whole book (a zip of CSVs with a README, kept 7 days) as a background job → {message, data: job}; while one is queued or running, answers that one. Superadmin only.',
          response: { 200: ZJobStarted, ...errorResponses(401, 403) },
        },
        config: {
          access: { roles: ['superadmin'], deniedMessage: 'Only the superadmin can export everything' },
        },
      },
      async (request) => startBookExport(deps, actorOf(request)),
    );
  };

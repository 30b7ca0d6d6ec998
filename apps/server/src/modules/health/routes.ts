import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { pingDatabase } from './repository';

export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Answers ok when the database answers',
          response: {
            200: z.object({ status: z.literal('ok') }),
            503: z.object({ status: z.literal('unavailable') }),
          },
        },
        config: { access: { public: true } },
      },
      async (request, reply) => {
        try {
          await pingDatabase(deps.db);
          return { status: 'ok' as const };
        } catch (error) {
          request.log.error({ err: error }, 'health check: database did not answer');
          return reply.status(503).send({ status: 'unavailable' as const });
        }
      },
    );
  };

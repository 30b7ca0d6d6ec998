import { istDateOf, ZClockResponse } from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';

/** The one "today" every screen uses, so the browser's clock never disagrees with the server's rules. */
export const clockRoutes =
  ({ clock }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/clock',
      {
        schema: {
          tags: ['health'],
          summary:
            "The business day in Asia/Kolkata (pinned by BUSINESS_DATE in demos and tests) and the server's time",
          response: { 200: ZClockResponse, ...errorResponses(401) },
        },
        config: { access: {} },
      },
      async () => {
        const now = clock.now();
        const today = clock.today();
        return {
          today,
          now: now.toISOString(),
          time_zone: 'Asia/Kolkata' as const,
          pinned: today !== istDateOf(now),
        };
      },
    );
  };

import {
  SUPPORT_SUBJECTS,
  ZIdParam,
  ZSupportMessageRequest,
  ZSupportMessageResponse,
  ZSupportPage,
  ZSupportQuery,
  ZSupportStatusUpdate,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { createSupport, SUPPORT_EDITORS } from './service';

/** Support messages: anyone signed in writes and reads their own; admins read all and set statuses. */
export const supportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const support = createSupport(deps);

    app.post(
      '/api/support',
      {
        schema: {
          tags: ['support'],
          summary: `Write a support message (any signed-in user): subject (${SUPPORT_SUBJECTS.join(' | ')}), message, category, rating 1 to 5 (required for 'Review & Ratings', refused otherwise). Starts Pending.`,
          body: ZSupportMessageRequest,
          response: { 201: ZSupportMessageResponse, ...errorResponses(400, 401) },
        },
        config: { access: { scope: 'self' } },
      },
      async (request, reply) => {
        const data = await support.create(currentUser(request), request.body, actorOf(request));
        return reply.code(201).send({ message: 'Support message sent', data });
      },
    );

    app.get(
      '/api/support',
      {
        schema: {
          tags: ['support'],
          summary:
            "Support messages, newest first: page, pageSize (default 10, at most 100), status, search (subject, message, category, writer's name) → {messages, total, totalPages, page, counts}. counts: per status over the search, whatever the status filter. Admins see every message, others their own.",
          querystring: ZSupportQuery,
          response: { 200: ZSupportPage, ...errorResponses(400, 401) },
        },
        config: { access: { scope: 'owned' } },
      },
      async (request) => support.list(currentUser(request), request.query),
    );

    app.patch(
      '/api/support/:id',
      {
        schema: {
          tags: ['support'],
          summary:
            "Set a support message's status (Pending, In-Progress, Resolved; any to any). Admins and superadmin.",
          params: ZIdParam,
          body: ZSupportStatusUpdate,
          response: { 200: ZSupportMessageResponse, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: SUPPORT_EDITORS },
      },
      async (request) => ({
        message: 'Status updated successfully',
        data: await support.setStatus(request.params.id, request.body, actorOf(request)),
      }),
    );
  };

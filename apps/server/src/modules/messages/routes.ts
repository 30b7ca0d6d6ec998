import {
  ZIdParam,
  ZMessageChannelsResponse,
  ZMessageListQuery,
  ZMessageListResponse,
  ZMessagePreferences,
  ZMessagePreferencesRequest,
  ZMessageRetryResponse,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { createMessagePreferences } from './preferences';
import { createMessageLog } from './service';

const tags = ['messages'];
/** The message log is the lender's record of what borrowers were told: admins (and superadmins). */
const admins = { access: { roles: ['admin'] as const } };

/** The message log, retries, the channels' state, and the caller's own message preferences. */
export const messageRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const log = createMessageLog(deps);
    const preferences = createMessagePreferences(deps);

    app.get(
      '/api/messages',
      {
        schema: {
          tags,
          summary:
            'The message log, newest first: one page of the filter and, on the first page, its counts per status',
          description:
            'Filters: channel, status, event, search (the borrower’s name or mobile), loan_id, from/to (days written, India). `before` (an id) asks for the next page; recipients are masked.',
          querystring: ZMessageListQuery,
          response: { 200: ZMessageListResponse, ...errorResponses(400, 401, 403) },
        },
        config: admins,
      },
      async (request) => log.list(request.query),
    );

    app.get(
      '/api/messages/channels',
      {
        schema: {
          tags,
          summary:
            'Each channel (SMS, WhatsApp, e-mail): its provider, whether it is configured, its pace, last success, failures in the last hour and messages waiting',
          response: { 200: ZMessageChannelsResponse, ...errorResponses(401, 403) },
        },
        config: admins,
      },
      async () => log.channels(),
    );

    app.post(
      '/api/messages/:id/retry',
      {
        schema: {
          tags,
          summary: 'Queues a failed message again at once, its attempts counted afresh: {message, item}',
          description: 'Only a failed message (MESSAGE_NOT_RETRYABLE otherwise); audited as message_retried.',
          params: ZIdParam,
          response: { 200: ZMessageRetryResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
        config: admins,
      },
      async (request) => log.retry(request.params.id, actorOf(request)),
    );

    app.get(
      '/api/users/profile/me/messages',
      {
        schema: {
          tags,
          summary: "The caller's message preferences: channels agreed to, language, opted out",
          response: { 200: ZMessagePreferences, ...errorResponses(401, 404) },
        },
        config: { access: { scope: 'self' } },
      },
      async (request) => preferences.get(currentUser(request).id),
    );

    app.put(
      '/api/users/profile/me/messages',
      {
        schema: {
          tags,
          summary: "Sets the caller's message preferences: {message, preferences}",
          description:
            'Opting out (or dropping a channel) cancels the messages waiting to be sent at once; audited as message_preferences_changed.',
          body: ZMessagePreferencesRequest,
          response: {
            200: z.object({ message: z.string(), preferences: ZMessagePreferences }),
            ...errorResponses(400, 401, 404),
          },
        },
        config: { access: { scope: 'self' } },
      },
      async (request) => preferences.set(currentUser(request).id, request.body, actorOf(request)),
    );
  };

import {
  NOTIFICATION_RECIPIENTS_MAX,
  ZNotificationsPage,
  ZNotificationsQuery,
  ZSendNotificationRequest,
  ZSendNotificationResponse,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Access, actorOf, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { createNotifications } from './service';

/** Sending is for admins and the superadmin (the seeded admin role holds notifications:create). */
const SENDERS: Access = { roles: ['admin'], permission: ['notifications', 'create'] };
/** Every signed-in person has an inbox; the service reads only the caller's own rows. */
const READERS: Access = { scope: 'self' };

/**
 * Notifications. The paths sit under /users, beside `/users/:id`; Fastify matches static segments
 * before parameters, so `/users/notifications` never reaches the users module (a test holds this).
 */
export const notificationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createNotifications(deps);

    app.post(
      '/api/users/notifications/send',
      {
        schema: {
          tags: ['notifications'],
          summary: `Send a notification: one inbox entry per user in user_ids (1 to ${NOTIFICATION_RECIPIENTS_MAX}, repeats counted once); every id must name an account (else 400 RECIPIENT_NOT_FOUND and nothing is sent); image_url optional, http(s) only. Admins and superadmin.`,
          body: ZSendNotificationRequest,
          response: { 200: ZSendNotificationResponse, ...errorResponses(400, 401, 403) },
        },
        config: { access: SENDERS },
      },
      async (request) => {
        const sent = await service.send(currentUser(request), request.body, actorOf(request));
        return { message: 'Notification sent!', sent };
      },
    );

    app.get(
      '/api/users/notifications',
      {
        schema: {
          tags: ['notifications'],
          summary:
            "The caller's own notifications, newest first: page (from 1), limit (default 20, at most 100) → {notifications, total, totalPages, page}",
          querystring: ZNotificationsQuery,
          response: { 200: ZNotificationsPage, ...errorResponses(400, 401) },
        },
        config: { access: READERS },
      },
      async (request) => service.inbox(currentUser(request), request.query),
    );
  };

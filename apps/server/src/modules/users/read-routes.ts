import {
  ZErrorResponse,
  ZIdParam,
  ZManagedUser,
  ZUserLocation,
  ZUsersPage,
  ZUsersQuery,
  ZVisibleUsers,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { createUserQueries } from './query-service';

const errors = errorResponses(400, 401, 403);

export const userReadRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const queries = createUserQueries(deps);

    app.get(
      '/api/users',
      {
        schema: {
          tags: ['users'],
          summary:
            "Users, newest first: page (1-based), limit (default 12, at most 1000), search (name or e-mail, any case), role (by name). Also the dashboard totals (role=user) and the loan form customers (role=user&limit=1000). An agent gets only their own customers (the form's reference picker).",
          querystring: ZUsersQuery,
          response: { 200: ZUsersPage, ...errors },
        },
        config: { access: { roles: ['agent', 'admin'], permission: ['users', 'read'], scope: 'owned' } },
      },
      async (request) => queries.list(currentUser(request), request.query),
    );

    app.get(
      '/api/users/list/visible',
      {
        schema: {
          tags: ['users'],
          summary:
            "An agent's customers (registered by or assigned to them); admins get every customer (role user)",
          response: { 200: ZVisibleUsers, 401: ZErrorResponse, 403: ZErrorResponse },
        },
        config: { access: { roles: ['agent', 'admin'], permission: ['users', 'read'], scope: 'owned' } },
      },
      async (request) => queries.visible(currentUser(request)),
    );

    app.get(
      '/api/users/location/:id',
      {
        schema: {
          tags: ['users'],
          summary: "A user's last shared location (superadmin only)",
          params: ZIdParam,
          response: { 200: ZUserLocation, ...errors, 404: ZErrorResponse },
        },
        config: {
          access: {
            roles: ['superadmin'],
            deniedMessage: 'Access denied. Only superadmin can view user locations.',
          },
        },
      },
      async (request) => queries.location(request.params.id),
    );

    app.get(
      '/api/users/:id',
      {
        schema: {
          tags: ['users'],
          summary: "One user's details; an agent sees only their own customers (others answer 404)",
          params: ZIdParam,
          response: { 200: z.object({ user: ZManagedUser }), ...errors, 404: ZErrorResponse },
        },
        config: { access: { roles: ['agent', 'admin'], permission: ['users', 'read'], scope: 'owned' } },
      },
      async (request) => queries.get(currentUser(request), request.params.id),
    );
  };

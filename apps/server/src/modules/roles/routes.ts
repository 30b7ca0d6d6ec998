import {
  ACTIONS,
  RESOURCES,
  ZIdParam,
  ZMessageResponse,
  ZPermissionCatalogue,
  ZRole,
  ZRoleList,
  ZRoleRequest,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { createRoleService } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const superadminOnly = { access: { roles: ['superadmin'] } } as const;

export const roleRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const roles = createRoleService(deps);

    app.get(
      '/api/roles',
      {
        schema: {
          tags: ['roles'],
          summary:
            "Roles: a superadmin every role with its permissions; an admin every role's id and name; an agent only the customers' role (the one role they give)",
          response: { 200: ZRoleList, ...errorResponses(401, 403) },
        },
        config: { access: { roles: ['admin', 'agent'] } },
      },
      async (request) => roles.listFor(currentUser(request)),
    );

    app.get(
      '/api/roles/permissions',
      {
        schema: {
          tags: ['roles'],
          summary: 'The permission catalogue: resources × actions',
          response: { 200: ZPermissionCatalogue },
        },
        config: { access: { roles: ['admin', 'superadmin'] } },
      },
      async () => ({ resources: [...RESOURCES], actions: [...ACTIONS] }),
    );

    app.post(
      '/api/roles',
      {
        schema: {
          tags: ['roles'],
          summary: 'Create a custom role',
          body: ZRoleRequest,
          response: { 201: ZRole, ...errors },
        },
        config: superadminOnly,
      },
      async (request, reply) => reply.status(201).send(await roles.create(request.body, actorOf(request))),
    );

    app.put(
      '/api/roles/:id',
      {
        schema: {
          tags: ['roles'],
          summary: 'Edit a role (system roles keep their names)',
          params: ZIdParam,
          body: ZRoleRequest,
          response: { 200: ZRole, ...errors },
        },
        config: superadminOnly,
      },
      async (request) => roles.update(request.params.id, request.body, actorOf(request)),
    );

    app.delete(
      '/api/roles/:id',
      {
        schema: {
          tags: ['roles'],
          summary: 'Delete a custom role that no user holds',
          params: ZIdParam,
          response: { 200: ZMessageResponse, ...errors },
        },
        config: superadminOnly,
      },
      async (request) => {
        await roles.remove(request.params.id, actorOf(request));
        return { message: 'Role deleted successfully' };
      },
    );
  };

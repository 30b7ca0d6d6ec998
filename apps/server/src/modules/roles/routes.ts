import { ACTIONS, RESOURCES, ZPermissionCatalogue, ZRole } from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { listRoles } from './repository';

export const roleRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/roles',
      {
        schema: {
          tags: ['roles'],
          summary: 'Every role with its permissions',
          response: { 200: z.array(ZRole) },
        },
        config: { access: { roles: ['admin', 'superadmin'] } },
      },
      async () =>
        (await listRoles(deps.db)).map((role) => ({
          id: role.id,
          name: role.name,
          description: role.description,
          isActive: role.isActive,
          is_system_role: role.isSystemRole,
          created_at: role.createdAt.toISOString(),
          permissions: role.permissions,
        })),
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
  };

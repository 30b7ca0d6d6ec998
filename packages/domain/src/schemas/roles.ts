import { z } from 'zod';
import { ACTIONS, RESOURCES } from '../access/permissions';
import { ZRequiredText } from './common';
import { ZText } from './primitives';

/** One permission entry: a resource and the actions granted on it. */
export const ZPermissionEntry = z.object({
  resource: z.enum(RESOURCES, { error: 'Unknown resource' }),
  actions: z.array(z.enum(ACTIONS, { error: 'Unknown action' })),
});

/** A role as the API answers it. */
export const ZRole = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  is_system_role: z.boolean(),
  created_at: z.string(),
  permissions: z.array(z.object({ resource: z.string(), actions: z.array(z.string()) })),
});
export type TRole = z.infer<typeof ZRole>;

/** A role as GET /roles answers anyone but a superadmin: what a filter or a role selector needs. */
export const ZRoleName = z.object({ id: z.number(), name: z.string() });
export type TRoleName = z.infer<typeof ZRoleName>;

/** GET /roles: full roles for a superadmin, names for the other callers it answers. */
export const ZRoleList = z.array(z.union([ZRole, ZRoleName]));

/** GET /roles/permissions: the catalogue the role editor's matrix is drawn from. */
export const ZPermissionCatalogue = z.object({
  resources: z.array(z.string()),
  actions: z.array(z.string()),
});

export const ROLE_NAME_MAX = 50;

/** POST /roles and PUT /roles/{id} (the role editor's form). */
export const ZRoleRequest = z.object({
  name: ZRequiredText(
    'name',
    'Role name is required',
    ROLE_NAME_MAX,
    `Role name must be at most ${ROLE_NAME_MAX} characters`,
  ),
  description: ZText('description').trim().max(200, 'Description must be at most 200 characters').nullish(),
  permissions: z
    .array(ZPermissionEntry)
    .max(RESOURCES.length * 2)
    .default([]),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
});
export type TRoleRequest = z.infer<typeof ZRoleRequest>;

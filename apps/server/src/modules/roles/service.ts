import {
  normalizeRoleName,
  roleListViewFor,
  type TRole,
  type TRoleName,
  type TRoleRequest,
} from '@lending/domain';
import type { AuthUser } from '../../platform/access';
import { type Actor, beforeAfter, writeAudit } from '../../platform/audit';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../platform/db-errors';
import type { AppDeps } from '../../platform/deps';
import { conflict, forbidden, notFound } from '../../platform/errors';
import {
  countUsersWithRole,
  deleteRole,
  insertRole,
  listRoles,
  lockRoleById,
  type RoleRow,
  updateRole,
} from './repository';

export const toRoleView = (role: RoleRow): TRole => ({
  id: role.id,
  name: role.name,
  description: role.description,
  isActive: role.isActive,
  is_system_role: role.isSystemRole,
  created_at: role.createdAt.toISOString(),
  permissions: role.permissions,
});

/** One entry per resource, actions de-duplicated: the stored form of a permission list. */
const normalisePermissions = (permissions: TRoleRequest['permissions']) => {
  const byResource = new Map<string, Set<string>>();
  for (const entry of permissions) {
    const actions = byResource.get(entry.resource) ?? new Set<string>();
    for (const action of entry.actions) actions.add(action);
    byResource.set(entry.resource, actions);
  }
  return [...byResource]
    .filter(([, actions]) => actions.size > 0)
    .map(([resource, actions]) => ({ resource, actions: [...actions] }));
};

const NAME_TAKEN = 'A role with this name already exists';

export const createRoleService = ({ db, clock }: AppDeps) => ({
  /** GET /roles as the caller may see it (the route admits admins and agents; the rule decides the rest). */
  async listFor(caller: AuthUser): Promise<(TRole | TRoleName)[]> {
    const view = roleListViewFor(caller);
    if (!view) throw forbidden();
    const only = view.only?.map(normalizeRoleName);
    const shown = (await listRoles(db)).filter(
      (role) => only === undefined || only.includes(normalizeRoleName(role.name)),
    );
    return shown.map((role) => (view.permissions ? toRoleView(role) : { id: role.id, name: role.name }));
  },

  async create(input: TRoleRequest, actor: Actor) {
    try {
      return await db.transaction(async (tx) => {
        const role = await insertRole(tx, {
          name: input.name,
          description: input.description ?? null,
          permissions: normalisePermissions(input.permissions),
          isActive: input.isActive,
        });
        if (!role) throw conflict('ROLE_NAME_TAKEN', NAME_TAKEN);
        await writeAudit(tx, actor, {
          action: 'role_created',
          resourceType: 'role',
          resourceId: role.id,
          metadata: { name: role.name, permissions: role.permissions },
        });
        return toRoleView(role);
      });
    } catch (error) {
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict('ROLE_NAME_TAKEN', NAME_TAKEN);
      throw error;
    }
  },

  async update(id: number, input: TRoleRequest, actor: Actor) {
    try {
      return await db.transaction(async (tx) => {
        const before = await lockRoleById(tx, id);
        if (!before) throw notFound('Role not found');
        // The code recognises system roles by name; renaming one would silently change who may do what.
        if (before.isSystemRole && normalizeRoleName(input.name) !== normalizeRoleName(before.name)) {
          throw conflict('SYSTEM_ROLE', 'System role names cannot be changed');
        }
        if (normalizeRoleName(before.name) === 'superadmin' && !input.isActive)
          throw conflict('SYSTEM_ROLE', 'The superadmin role cannot be deactivated');
        const permissions = normalisePermissions(input.permissions);
        const role = await updateRole(tx, id, {
          name: input.name,
          description: input.description ?? null,
          permissions,
          isActive: input.isActive,
          updatedAt: clock.now(),
        });
        if (!role) throw notFound('Role not found');
        await writeAudit(tx, actor, {
          action: 'role_updated',
          resourceType: 'role',
          resourceId: id,
          metadata: beforeAfter(before, role, (row) => ({ name: row.name, isActive: row.isActive })),
        });
        if (JSON.stringify(before.permissions) !== JSON.stringify(permissions)) {
          await writeAudit(tx, actor, {
            action: 'permissions_updated',
            resourceType: 'role',
            resourceId: id,
            metadata: { before: before.permissions, after: permissions },
          });
        }
        return toRoleView(role);
      });
    } catch (error) {
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict('ROLE_NAME_TAKEN', NAME_TAKEN);
      throw error;
    }
  },

  async remove(id: number, actor: Actor) {
    await db.transaction(async (tx) => {
      const role = await lockRoleById(tx, id);
      if (!role) throw notFound('Role not found');
      if (role.isSystemRole) throw conflict('SYSTEM_ROLE', 'System roles cannot be deleted');
      const assigned = await countUsersWithRole(tx, id);
      if (assigned > 0)
        throw conflict(
          'ROLE_IN_USE',
          `This role is assigned to ${assigned} user${assigned === 1 ? '' : 's'} and cannot be deleted`,
        );
      await deleteRole(tx, id);
      await writeAudit(tx, actor, {
        action: 'role_deleted',
        resourceType: 'role',
        resourceId: id,
        metadata: { name: role.name },
      });
    });
  },
});

import { normalizeRoleName } from '@lending/domain';
import type { AuthUser } from '../../platform/access';
import { AppError, notFound } from '../../platform/errors';
import type { RoleRow, UserRow, UserWithRole } from './repository';

/** Roles whose users may carry a payment QR code. */
const QR_ROLES = ['agent', 'admin', 'superadmin'];

export const isSuperadmin = (actor: AuthUser) => actor.role === 'superadmin';
export const isAgent = (actor: AuthUser) => actor.role === 'agent';
export const isSuperadminRole = (role: RoleRow) => normalizeRoleName(role.name) === 'superadmin';
export const mayCarryQr = (role: RoleRow) => QR_ROLES.includes(normalizeRoleName(role.name));

/** Nobody but a superadmin creates a superadmin or promotes someone to it. */
export const assertMayAssign = (actor: AuthUser, role: RoleRow) => {
  if (isSuperadminRole(role) && !isSuperadmin(actor))
    throw new AppError('SUPERADMIN_PROTECTED', 'Only a superadmin can create or promote a superadmin');
};

/** Admins manage everyone except superadmins; superadmins manage everyone. */
export const assertMayManage = (actor: AuthUser, target: UserWithRole, verb: 'edit' | 'delete') => {
  if (isSuperadminRole(target.role) && !isSuperadmin(actor))
    throw new AppError('SUPERADMIN_PROTECTED', `Only a superadmin can ${verb} a superadmin`);
};

/** An agent sees only the customers they registered or were assigned; others do not exist for them. */
export const isVisibleTo = (actor: AuthUser, target: UserRow) =>
  !isAgent(actor) || target.agentId === actor.id;

export const USER_NOT_FOUND = 'User not found';

export const assertVisible = (actor: AuthUser, target: UserWithRole | null): UserWithRole => {
  if (!target || !isVisibleTo(actor, target.user)) throw notFound(USER_NOT_FOUND);
  return target;
};

import type { TRole } from '@lending/domain';

export const roleMessages = {
  fetchFailed: 'Failed to fetch roles',
  saveFailed: 'Failed to save role',
  deleteFailed: 'Failed to delete role',
  nameRequired: 'Role name is required',
  created: 'Role created successfully',
  updated: 'Role updated successfully',
  deleted: 'Role deleted successfully',
  confirmDelete: 'Are you sure you want to delete this role?',
} as const;

/** 'audit_logs' → 'Audit Logs'. */
export const permissionLabel = (name: string): string =>
  name
    .split('_')
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join(' ');

/** The Role Management cards. */
export const roleStats = (roles: readonly TRole[]) => ({
  total: roles.length,
  active: roles.filter((role) => role.isActive).length,
  system: roles.filter((role) => role.is_system_role).length,
  custom: roles.filter((role) => !role.is_system_role).length,
});

/** The four system roles. Custom roles may exist; their names are free text. */
export const SYSTEM_ROLES = ['superadmin', 'admin', 'agent', 'user'] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

/** Anything that carries a role, as the API answers it: `role` as a name or a nested `Role`. */
export type RoleBearer = {
  role?: string | null;
  Role?: { name?: string | null; permissions?: readonly PermissionEntry[] | null } | null;
};

export type PermissionEntry = { resource: string; actions: readonly string[] };

/** Role names compare ignoring case and spaces ('Super Admin' is 'superadmin'). */
export const normalizeRoleName = (name: string | null | undefined): string =>
  (name ?? '').replace(/\s+/g, '').toLowerCase();

export const roleNameOf = (bearer: RoleBearer | null | undefined): string =>
  normalizeRoleName(bearer?.role ?? bearer?.Role?.name ?? '');

export const hasRole = (bearer: RoleBearer | null | undefined, role: string): boolean =>
  roleNameOf(bearer) === normalizeRoleName(role);

/** Superadmin passes every role guard. */
export const hasAnyRole = (bearer: RoleBearer | null | undefined, roles: readonly string[]): boolean => {
  const name = roleNameOf(bearer);
  if (name === '') return false;
  if (name === 'superadmin') return true;
  return roles.some((role) => normalizeRoleName(role) === name);
};

export const isAdminRole = (bearer: RoleBearer | null | undefined): boolean =>
  hasAnyRole(bearer, ['admin', 'superadmin']);

/**
 * Where a signed-in person lands: staff on the admin dashboard, agents on theirs, everyone else
 * (borrowers and custom roles, whom the admin area refuses) on their loans under the top bar; the
 * admin dashboard would only tell them they are unauthorised (docs/decisions.md).
 */
export const homePathFor = (bearer: RoleBearer | null | undefined): string => {
  if (isAdminRole(bearer)) return '/admin/dashboard';
  if (hasRole(bearer, 'agent')) return '/agent-dashboard';
  return '/my-loans';
};

import { type PermissionEntry, type RoleBearer, roleNameOf, type SystemRole } from './roles';

/** Resources a permission can name; the catalogue served by GET /roles/permissions. */
export const RESOURCES = [
  'users',
  'roles',
  'loans',
  'emis',
  'reports',
  'expenses',
  'todos',
  'notifications',
  'support',
  'audit_logs',
  'tokens',
  'app_updates',
  'upgrades',
] as const;
export type Resource = (typeof RESOURCES)[number];

/** Actions a permission can grant on a resource. */
export const ACTIONS = ['create', 'read', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

const all = (resource: Resource): PermissionEntry => ({ resource, actions: [...ACTIONS] });

/** What each system role is seeded with. Superadmin passes every check regardless. */
export const SYSTEM_ROLE_PERMISSIONS: Record<SystemRole, PermissionEntry[]> = {
  superadmin: RESOURCES.map(all),
  admin: [
    all('users'),
    all('loans'),
    all('emis'),
    { resource: 'reports', actions: ['read'] },
    all('expenses'),
    all('todos'),
    { resource: 'notifications', actions: ['create', 'read'] },
    { resource: 'support', actions: ['read', 'update'] },
    { resource: 'upgrades', actions: ['read', 'update'] },
  ],
  agent: [
    { resource: 'users', actions: ['create', 'read'] },
    { resource: 'loans', actions: ['read'] },
    { resource: 'emis', actions: ['read', 'update'] },
    all('expenses'),
    { resource: 'notifications', actions: ['read'] },
  ],
  user: [
    { resource: 'loans', actions: ['read'] },
    { resource: 'notifications', actions: ['read'] },
  ],
};

export const SYSTEM_ROLE_DESCRIPTIONS: Record<SystemRole, string> = {
  superadmin: 'Full access, including roles, audit logs, tokens and app updates',
  admin: 'Runs the lending back-office: users, loans, EMIs, expenses, tasks',
  agent: 'Field agent: registers customers and collects overdue EMIs',
  user: 'Borrower: sees own loans and notifications',
};

type PermissionBearer = RoleBearer & { permissions?: readonly PermissionEntry[] | null };

/**
 * Superadmin passes everything; anyone else needs an entry for the resource whose actions include
 * the action. No role or no permissions means denied.
 */
export const hasPermission = (
  bearer: PermissionBearer | null | undefined,
  resource: string,
  action: string,
): boolean => {
  const role = roleNameOf(bearer);
  if (role === '') return false;
  if (role === 'superadmin') return true;
  const entries = bearer?.Role?.permissions ?? bearer?.permissions ?? [];
  return entries.some((entry) => entry.resource === resource && entry.actions.includes(action));
};

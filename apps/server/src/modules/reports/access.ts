import { eq, type SQL } from 'drizzle-orm';
import type { Access, AuthUser } from '../../platform/access';
import { customers } from '../loans/repository';

/** Bounced EMIs Management is the superadmin's alone. */
export const BOUNCED_READERS: Access = { roles: ['superadmin'] };

/** The credit report needs `reports:read`, whatever the role. */
export const REPORT_READERS: Access = { permission: ['reports', 'read'] };

/**
 * Whose credit history a reader sees (docs/decisions.md "Reports"): an agent their own customers, a
 * borrower (should a role of theirs grant reports:read) themselves, every other holder of
 * `reports:read` (admins, superadmins, custom roles granted it) everyone. Conditions on `customers`.
 */
export const creditScopeOf = (actor: AuthUser): SQL | undefined => {
  if (actor.role === 'agent') return eq(customers.agentId, actor.id);
  if (actor.role === 'user') return eq(customers.id, actor.id);
  return undefined;
};

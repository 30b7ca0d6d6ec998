import type { Access } from '../../platform/access';

/**
 * Who may do what with EMIs (docs/decisions.md "EMI payments"). Agents collect (pay, bounce) and see
 * the due list for their own customers' loans only (others answer 404); waivers and payment-date
 * corrections are admins' (superadmins pass every rule). Borrowers read their own receipts.
 */
export const COLLECTORS: Access = {
  roles: ['agent', 'admin'],
  permission: ['emis', 'update'],
  scope: 'owned',
};
export const EMI_ADMINS: Access = { roles: ['admin'], permission: ['emis', 'update'] };
export const DUE_READERS: Access = {
  roles: ['agent', 'admin'],
  permission: ['emis', 'read'],
  scope: 'owned',
};
export const SIGNED_IN: Access = { scope: 'owned' };

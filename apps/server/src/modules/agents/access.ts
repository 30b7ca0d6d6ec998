import type { Access } from '../../platform/access';

/**
 * Who may use the agent dashboard: agents for their own customers, admins and superadmins for
 * everyone (or one agent's book through `agentId`). Borrowers get 403. Collecting is `COLLECTORS`
 * (the EMI module's).
 */
export const FIELD_READERS: Access = {
  roles: ['agent', 'admin'],
  permission: ['emis', 'read'],
  scope: 'owned',
};

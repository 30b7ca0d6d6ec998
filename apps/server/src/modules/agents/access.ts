import { eq, type SQL } from 'drizzle-orm';
import type { Access, AuthUser } from '../../platform/access';
import { customers } from '../loans/repository';

/**
 * Who may use the agent dashboard and the collections report (docs/decisions.md "Agents"): agents
 * for their own customers, admins and superadmins for everyone (or one agent's book through
 * `agentId`). Borrowers get 403. Collecting is `COLLECTORS` (emis/access.ts).
 */
export const FIELD_READERS: Access = { roles: ['agent', 'admin'], permission: ['emis', 'read'] };

/** Admins and superadmins see every customer; anyone else who reaches these routes is an agent. */
export const seesEveryone = (actor: AuthUser): boolean =>
  actor.role === 'admin' || actor.role === 'superadmin';

/**
 * The customers (alias `customers`) whose loans a caller works: an agent always their own
 * (`agent_id` = them, whatever `agentId` says), an admin everyone or the book of `agentId`.
 */
export const agentBookScope = (actor: AuthUser, agentId?: number): SQL | undefined => {
  if (!seesEveryone(actor)) return eq(customers.agentId, actor.id);
  return agentId === undefined ? undefined : eq(customers.agentId, agentId);
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for ILIKE with its wildcards escaped, or undefined for no search. */
export const containsPattern = (search: string | undefined): string | undefined =>
  search ? `%${escapeLike(search)}%` : undefined;

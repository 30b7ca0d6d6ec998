import { normalizeRoleName } from './roles';

/** A signed-in caller as the scope rules read them: who, and their role's name. */
export type ScopeCaller = { id: number; role: string };

/**
 * Whose customers' records a caller works with: every customer's, one agent's book (the customers
 * whose agent they are), or one customer's own. Repositories turn it into a condition.
 */
export type CustomerScope =
  | { kind: 'everyone' }
  | { kind: 'agent'; agentId: number }
  | { kind: 'customer'; customerId: number };

const EVERYONE: CustomerScope = { kind: 'everyone' };
const agentBook = (agentId: number): CustomerScope => ({ kind: 'agent', agentId });
const ownRecords = (customerId: number): CustomerScope => ({ kind: 'customer', customerId });

const roleOf = (caller: ScopeCaller) => normalizeRoleName(caller.role);

/** Admins and superadmins see every customer. */
export const seesEveryCustomer = (caller: ScopeCaller): boolean =>
  roleOf(caller) === 'admin' || roleOf(caller) === 'superadmin';

/**
 * Which loans a caller sees: admins and superadmins every loan, an agent the loans of their own
 * customers, anyone else only their own.
 */
export const loanScopeOf = (caller: ScopeCaller): CustomerScope => {
  if (seesEveryCustomer(caller)) return EVERYONE;
  return roleOf(caller) === 'agent' ? agentBook(caller.id) : ownRecords(caller.id);
};

/**
 * Whose accounts GET /users lists: admins and superadmins everyone's, an agent only their own
 * customers (never staff, never another agent's book), anyone else only their own.
 */
export const userListScopeOf = (caller: ScopeCaller): CustomerScope => loanScopeOf(caller);

/** A borrower's own loans, whatever their role. */
export const ownLoansScope = (caller: ScopeCaller): CustomerScope => ownRecords(caller.id);

/**
 * The field work (agent dashboard, collect): an agent always their own book, whatever `agentId` says;
 * admins and superadmins everyone, or the book of `agentId`.
 */
export const agentBookScope = (caller: ScopeCaller, agentId?: number): CustomerScope => {
  if (!seesEveryCustomer(caller)) return agentBook(caller.id);
  return agentId === undefined ? EVERYONE : agentBook(agentId);
};

/**
 * Whose credit history a holder of `reports:read` sees: an agent their own customers, a borrower
 * themselves, every other holder (admins, superadmins, custom roles granted it) everyone.
 */
export const creditScopeOf = (caller: ScopeCaller): CustomerScope => {
  if (roleOf(caller) === 'agent') return agentBook(caller.id);
  if (roleOf(caller) === 'user') return ownRecords(caller.id);
  return EVERYONE;
};

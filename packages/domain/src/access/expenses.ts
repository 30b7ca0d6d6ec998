import type { ScopeCaller } from './scopes';
import { seesEveryCustomer } from './scopes';

/** Whose expenses a caller works with: everyone's, or only their own. */
export type ExpenseScope = { kind: 'everyone' } | { kind: 'own'; userId: number };

/**
 * Admins and superadmins see, edit and delete every expense; anyone else the route lets in (agents,
 * custom roles granted `expenses`) only their own, whatever user filter they send.
 */
export const expenseScopeOf = (caller: ScopeCaller): ExpenseScope =>
  seesEveryCustomer(caller) ? { kind: 'everyone' } : { kind: 'own', userId: caller.id };

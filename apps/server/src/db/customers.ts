import type { CustomerScope } from '@lending/domain';
import { eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from './schema';

/** The users table as the borrowers that loans, EMIs and credit events name. */
export const customers = alias(users, 'customer');

/** A caller's customer scope as a condition on `customers`; undefined when it is everyone. */
export const customerScopeWhere = (scope: CustomerScope): SQL | undefined => {
  if (scope.kind === 'agent') return eq(customers.agentId, scope.agentId);
  if (scope.kind === 'customer') return eq(customers.id, scope.customerId);
  return undefined;
};

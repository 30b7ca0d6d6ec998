import type { CustomerScope } from '@lending/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { emis, loans, users } from './schema';

/** The users table as the borrowers that loans, EMIs and credit events name. */
export const customers = alias(users, 'customer');

/** A caller's customer scope as a condition on `customers`; undefined when it is everyone. */
export const customerScopeWhere = (scope: CustomerScope): SQL | undefined => {
  if (scope.kind === 'agent') return eq(customers.agentId, scope.agentId);
  if (scope.kind === 'customer') return eq(customers.id, scope.customerId);
  return undefined;
};

/**
 * A caller's customer scope as a condition on `loans` alone, for queries that need no customer
 * columns (counts, sums): they then read the loans without joining every one to its customer.
 */
export const loanScopeWhere = (scope: CustomerScope): SQL | undefined => {
  if (scope.kind === 'agent')
    return sql`exists (select 1 from users c where c.id = ${loans.customerId} and c.agent_id = ${scope.agentId})`;
  if (scope.kind === 'customer') return eq(loans.customerId, scope.customerId);
  return undefined;
};

/** An EMI query (`…from(emis).$dynamic()`) joined with each EMI's loan and the loan's customer. */
export const withLoanAndCustomer = <T extends PgSelect>(query: T) =>
  query.innerJoin(loans, eq(loans.id, emis.loanId)).innerJoin(customers, eq(customers.id, loans.customerId));

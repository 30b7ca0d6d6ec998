import { errorStatus, type LendingRefusal, type LoanStatus } from '@lending/domain';
import { eq, type SQL } from 'drizzle-orm';
import { loans } from '../../db/schema';
import type { AuthUser } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { customers } from './repository';

export const LOAN_NOT_FOUND = 'Loan not found';

/**
 * Which loans a caller sees (docs/lending-rules.md "Agents"): admins and superadmins every loan, an agent the
 * loans of their own customers (customer.agent_id), anyone else only their own. Undefined = all.
 */
export const loanScopeOf = (actor: AuthUser): SQL | undefined => {
  if (actor.role === 'admin' || actor.role === 'superadmin') return undefined;
  if (actor.role === 'agent') return eq(customers.agentId, actor.id);
  return eq(loans.customerId, actor.id);
};

/** A borrower's own loans, whatever their role. */
export const ownLoansScope = (actor: AuthUser): SQL => eq(loans.customerId, actor.id);

export const isTerminal = (status: string): boolean => status === 'closed' || status === 'default';

/** Statuses an edit may set; closing or defaulting goes through foreclosure (or the last payment). */
export const mayEditInto = (from: string, to: LoanStatus): boolean => from === to || !isTerminal(to);

/** A refusal of the lending rules as the API's error, its own code kept (the domain names its status). */
export const lendingError = (refusal: LendingRefusal, param?: string): AppError =>
  new AppError(refusal.code, refusal.message, {
    errors: param && errorStatus(refusal.code) === 400 ? [{ param, msg: refusal.message }] : undefined,
  });

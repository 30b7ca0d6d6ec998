import { LENDING_REFUSAL_HTTP_STATUS, type LendingRefusal, type LoanStatus } from '@lending/domain';
import { eq, type SQL } from 'drizzle-orm';
import { loans } from '../../db/schema';
import type { AuthUser } from '../../platform/access';
import { AppError, type ErrorCode } from '../../platform/errors';
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

const HTTP_CODES: Record<400 | 404 | 409, ErrorCode> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
};

/** A refusal of the lending rules as the API's error, with the status the domain names for it. */
export const lendingError = (refusal: LendingRefusal, param?: string): AppError => {
  const status = LENDING_REFUSAL_HTTP_STATUS[refusal.code];
  return new AppError(HTTP_CODES[status], refusal.message, {
    errors: param && status === 400 ? [{ param, msg: refusal.message }] : undefined,
  });
};

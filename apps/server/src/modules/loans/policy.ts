import { errorStatus, isTerminalLoanStatus, type LendingRefusal, type LoanStatus } from '@lending/domain';
import { AppError } from '../../platform/errors';

export const LOAN_NOT_FOUND = 'Loan not found';

/** Statuses an edit may set; closing or defaulting goes through foreclosure (or the last payment). */
export const mayEditInto = (from: string, to: LoanStatus): boolean =>
  from === to || !isTerminalLoanStatus(to);

/** A refusal of the lending rules as the API's error, its own code kept (the domain names its status). */
export const lendingError = (refusal: LendingRefusal, param?: string): AppError =>
  new AppError(refusal.code, refusal.message, {
    errors: param && errorStatus(refusal.code) === 400 ? [{ param, msg: refusal.message }] : undefined,
  });

import {
  isTerminalLoanStatus,
  LENDING_REFUSAL_HTTP_STATUS,
  type LendingRefusal,
  type LoanStatus,
} from '@lending/domain';
import { AppError, type ErrorCode } from '../../platform/errors';

export const LOAN_NOT_FOUND = 'Loan not found';

/** Statuses an edit may set; closing or defaulting goes through foreclosure (or the last payment). */
export const mayEditInto = (from: string, to: LoanStatus): boolean =>
  from === to || !isTerminalLoanStatus(to);

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

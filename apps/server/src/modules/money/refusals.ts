import { errorStatus, type LendingRefusal, type LendingRefusalCode } from '@lending/domain';
import { AppError } from '../../platform/errors';

export const LOAN_NOT_FOUND = 'Loan not found';

/** A refusal of the lending rules as the API's error, its own code kept (the domain names its status). */
export const lendingError = (refusal: LendingRefusal, param?: string): AppError =>
  new AppError(refusal.code, refusal.message, {
    errors: param && errorStatus(refusal.code) === 400 ? [{ param, msg: refusal.message }] : undefined,
  });

/** A refusal of the lending rules as the API's error, naming the field a 400 is about. */
export const refusalError = (
  refusal: LendingRefusal,
  params: Partial<Record<LendingRefusalCode, string>> = {},
): AppError => lendingError(refusal, params[refusal.code]);

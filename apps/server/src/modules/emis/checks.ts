import { COLLECTED_AT_MESSAGE, isCollectedAtInBounds } from '@lending/domain';
import { badRequest } from '../../platform/errors';

/** `loan_id` / `emi_number` sent in a body must be the ones in the path. */
export const assertBodyMatchesPath = (
  body: { loan_id?: number; emi_number?: number },
  path: { loanId: number; emiNumber: number },
) => {
  if (body.loan_id !== undefined && body.loan_id !== path.loanId)
    throw badRequest('BODY_PATH_MISMATCH', 'loan_id does not match the loan in the URL', [
      { param: 'loan_id', msg: 'loan_id does not match the loan in the URL' },
    ]);
  if (body.emi_number !== undefined && body.emi_number !== path.emiNumber)
    throw badRequest('BODY_PATH_MISMATCH', 'emi_number does not match the EMI in the URL', [
      { param: 'emi_number', msg: 'emi_number does not match the EMI in the URL' },
    ]);
};

/**
 * The phone's collection time sent with a collection made offline, checked against the server's
 * clock (not in the future beyond a small skew, at most seven days old), else 400 naming the field.
 */
export const collectedAtOf = (collectedAt: string | undefined, now: Date): Date | null => {
  if (collectedAt === undefined) return null;
  const at = new Date(collectedAt);
  if (!isCollectedAtInBounds(at, now))
    throw badRequest('COLLECTED_AT_OUT_OF_RANGE', COLLECTED_AT_MESSAGE, [
      { param: 'collected_at', msg: COLLECTED_AT_MESSAGE },
    ]);
  return at;
};

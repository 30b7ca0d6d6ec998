import { type ErrorStatus, errorCodesTable, ZErrorResponse } from '@lending/domain';

/** The OpenAPI answer schemas of the given error statuses: all share `{code, message, errors?}`. */
export const errorResponses = <S extends ErrorStatus>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, ZErrorResponse])) as Record<S, typeof ZErrorResponse>;

/** The API's description at /api/docs: units, the error answer, and every error code with its status. */
export const apiDescription = (): string =>
  [
    'Money in rupees (≤ 2 decimals), dates YYYY-MM-DD in Asia/Kolkata.',
    '',
    'Errors answer `{code, message, errors?}`: `code` is stable (branch on it), `message` is for people,',
    '`errors` lists the fields at fault as `{param, msg}`. Each code always has the same status:',
    '',
    errorCodesTable(),
  ].join('\n');

import { ZErrorResponse } from '@lending/domain';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;

/** The OpenAPI answer schemas of the given error statuses: all share docs/api.md's `{message, errors?}`. */
export const errorResponses = <S extends ErrorStatus>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, ZErrorResponse])) as Record<S, typeof ZErrorResponse>;

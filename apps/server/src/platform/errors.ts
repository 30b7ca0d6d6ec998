import {
  CASH_REFUSALS,
  type ErrorCode,
  type ErrorCodeWithStatus,
  type ErrorStatus,
  errorStatus,
} from '@lending/domain';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  CASH_DAY_CLOSED_SQLSTATE,
  isDatabaseUnavailable,
  isNoSpaceLeft,
  isTransactionConflict,
  pgErrorCode,
} from './db-errors';

export type { ErrorCode } from '@lending/domain';

export type FieldError = { param: string; msg: string };

/**
 * The one error type services throw: a code of the domain's catalogue (which alone decides the HTTP
 * status), a message for people, and optionally field errors and headers. The handler answers
 * `{code, message, errors?}`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.code = code;
    this.errors = options.errors;
    this.headers = options.headers;
  }

  get status(): ErrorStatus {
    return errorStatus(this.code);
  }
}

/** A refusal about one field: the message is also that field's error. */
export const fieldError = (code: ErrorCode, param: string, message: string) =>
  new AppError(code, message, { errors: [{ param, msg: message }] });

/** A 400 refusal: only codes the catalogue answers with 400 fit. */
export const badRequest = (code: ErrorCodeWithStatus<400>, message: string, errors?: FieldError[]) =>
  new AppError(code, message, { errors });
/** A 409 refusal (a state rule): only codes the catalogue answers with 409 fit. */
export const conflict = (code: ErrorCodeWithStatus<409>, message: string) => new AppError(code, message);
/** `NOT_FOUND`: an unknown id, or one outside the caller's scope. */
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
/** `FORBIDDEN`: the route's access rule refused the caller's role or permissions. */
export const forbidden = (message = 'You do not have permission to perform this action') =>
  new AppError('FORBIDDEN', message);
/** `UNAUTHENTICATED`: no live session. */
export const unauthenticated = (message = 'Authentication required') =>
  new AppError('UNAUTHENTICATED', message);

/** Turns zod issues into the API's field errors; the first one becomes the message. */
export const toFieldErrors = (
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldError[] =>
  issues.map((issue) => ({ param: issue.path.map(String).join('.') || 'body', msg: issue.message }));

const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'MALFORMED_BODY', message: 'Malformed JSON in request body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'MALFORMED_BODY', message: 'Request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' },
  FST_REQ_FILE_TOO_LARGE: { code: 'FILE_TOO_LARGE', message: 'File size must be less than 2MB' },
  FST_FILES_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Too many files in one request' },
  FST_FIELDS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Too many fields in one request' },
  FST_PARTS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Too many parts in one request' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Expected a multipart/form-data request',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'MALFORMED_BODY', message: 'Invalid content length' },
};

/** Other client errors of Fastify and its plugins, by their status; anything else is a plain 400. */
const CLIENT_ERROR_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** Sends the error answer `{code, message, errors?}` with the code's status. */
export const sendError = (
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  errors?: readonly FieldError[],
) => reply.status(errorStatus(code)).send({ code, message, ...(errors && { errors }) });

/** Maps every failure to the error answer; never a stack trace, never a 500 for bad input. */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // `throw 'text'` (a library or a slip) is not an Error: the checks below would fail on it and
    // Fastify's fallback would answer its text to the caller.
    if (typeof error !== 'object' || error === null) {
      request.log.error({ err: new Error(`non-error thrown: ${String(error)}`) }, 'unhandled error');
      return sendError(reply, 'INTERNAL', 'Internal server error');
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, error.code, error.message, error.errors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        param: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body',
        msg: issue.message ?? 'Invalid value',
      }));
      return sendError(reply, 'VALIDATION_FAILED', errors[0]?.msg ?? 'Invalid request', errors);
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return sendError(reply, known.code, known.message);
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return sendError(reply, 'INTERNAL', 'Internal server error');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500)
      return sendError(reply, CLIENT_ERROR_BY_STATUS[status] ?? 'BAD_REQUEST', error.message);
    if (isDatabaseUnavailable(error)) {
      // A restart or a cut connection: the pool reconnects by itself, the caller retries.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendError(reply, 'DATABASE_UNAVAILABLE', 'The database is unavailable; retry shortly');
    }
    if (isTransactionConflict(error)) {
      // Aborted for a deadlock every time it was tried (retryConflicts): nothing was kept.
      request.log.warn({ err: error }, 'transaction conflict after retries');
      reply.header('retry-after', '1');
      return sendError(
        reply,
        'DATABASE_BUSY',
        'Another change of the same records got in the way; nothing was changed: retry',
      );
    }
    if (pgErrorCode(error) === CASH_DAY_CLOSED_SQLSTATE) {
      // A cash row on a closed day that got past the services' check: the database refused it.
      return sendError(reply, 'CASH_DAY_CLOSED', CASH_REFUSALS.CASH_DAY_CLOSED);
    }
    if (isNoSpaceLeft(error)) {
      request.log.error({ err: error }, 'no space left on the storage');
      return sendError(reply, 'STORAGE_FULL', 'No space left to store the file; nothing was saved');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'INTERNAL', 'Internal server error');
  });
};

import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** Reasons a call is refused; each maps to one HTTP status in one place (below). */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNPROCESSABLE'
  | 'TOO_MANY_REQUESTS';

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
};

export type FieldError = { param: string; msg: string };

/** The one error type services throw; the handler turns it into `{message, errors?}`. */
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

  get status(): number {
    return STATUS[this.code];
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new AppError('BAD_REQUEST', message, { errors });
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const forbidden = (message = 'You do not have permission to perform this action') =>
  new AppError('FORBIDDEN', message);
export const unauthenticated = (message = 'Authentication required') =>
  new AppError('UNAUTHENTICATED', message);

/** Turns zod issues into the API's field errors; the first one becomes the message. */
export const toFieldErrors = (
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldError[] =>
  issues.map((issue) => ({ param: issue.path.map(String).join('.') || 'body', msg: issue.message }));

const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Malformed JSON in request body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'File size must be less than 2MB' },
  FST_FILES_LIMIT: { status: 413, message: 'Too many files in one request' },
  FST_FIELDS_LIMIT: { status: 413, message: 'Too many fields in one request' },
  FST_PARTS_LIMIT: { status: 413, message: 'Too many parts in one request' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: 'Expected a multipart/form-data request' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid content length' },
};

/** Maps every failure to docs/api.md's error shape; never a stack trace, never a 500 for bad input. */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.status)
        .send({ message: error.message, ...(error.errors && { errors: error.errors }) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        param: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body',
        msg: issue.message,
      }));
      return reply.status(400).send({ message: errors[0]?.msg ?? 'Invalid request', errors });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message });
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error' });
  });
};

/** Refusals of a request as such (its shape, its route, its Idempotency-Key) and the server's own failure. */
export const REQUEST_REFUSALS = {
  VALIDATION_FAILED: 'The body, query or path failed validation; `errors` lists every field and why.',
  MALFORMED_BODY:
    'The body cannot be read: malformed or empty JSON, not an object, or a form field that is not text.',
  BAD_REQUEST: 'A request refused by the HTTP layer for a reason with no more specific code.',
  PAYLOAD_TOO_LARGE: 'The body is too large, or a form has too many files, fields or parts.',
  UNSUPPORTED_MEDIA_TYPE: 'The content type is not one the call takes.',
  NOT_FOUND: 'No such resource (or it is outside what the caller may see), or no such route.',
  IDEMPOTENCY_KEY_INVALID: 'The Idempotency-Key header is empty or longer than 255 characters.',
  IDEMPOTENCY_KEY_REUSED: 'The Idempotency-Key was already used for a different request.',
  IDEMPOTENCY_IN_FLIGHT: 'A request with this Idempotency-Key is still running: retry shortly.',
  INTERNAL: 'An unexpected failure of the server; it is logged, no detail is given.',
  MAIL_UNAVAILABLE:
    'The server has no way to send mail (no SMTP_URL in production), so a reset link could never arrive.',
  DATABASE_UNAVAILABLE:
    'The database cannot be reached right now (restarting, or the connection dropped); nothing was changed that was not answered: retry shortly.',
  DATABASE_BUSY:
    'The change collided with another one on the same records and was rolled back, three times running; nothing was changed: retry shortly.',
  STORAGE_FULL:
    'The file storage has no space left: the upload was not kept (no partial file) and nothing else was recorded.',
} as const;
/** A refusal code of a request as such. */
export type RequestRefusalCode = keyof typeof REQUEST_REFUSALS;

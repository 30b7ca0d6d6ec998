/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error in `cause`). */
export const pgErrorCode = (error: unknown): string | undefined => {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

export const UNIQUE_VIOLATION = '23505';
/** A row still referenced through ON DELETE NO ACTION ... */
export const FOREIGN_KEY_VIOLATION = '23503';
/** ... or through ON DELETE RESTRICT, which PostgreSQL reports with its own code. */
export const RESTRICT_VIOLATION = '23001';
/**
 * Raised by the cash custody's trigger when a cash ledger row falls on a collector's closed day
 * (migration 0031): the services refuse first, this is the database's own last guard.
 */
export const CASH_DAY_CLOSED_SQLSTATE = 'LC001';

/**
 * PostgreSQL aborted this transaction to let another go on: a deadlock (40P01, two transactions
 * waiting on rows each other holds, e.g. a loan closing while another payment of the same agent moves
 * the kept totals) or a serialization failure (40001). Nothing of it was kept, so it may run again.
 */
export const isTransactionConflict = (error: unknown): boolean => {
  const code = pgErrorCode(error);
  return code === '40P01' || code === '40001';
};

/**
 * SQLSTATEs of a database that is not there: class 08 (connection exceptions) and the server
 * shutting down or starting up (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;
/** Socket errors of a connection that is refused, cut or silent. */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** What `pg` says when a connection ends under it or cannot be had in time (it sets no code). */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Client was closed|Cannot use a pool after calling end/i;

/**
 * True when a failure means the database cannot be reached (restarting, network cut), not that a
 * query was wrong: the caller may retry, and the answer is a 503, never a 500. Follows drizzle's
 * `cause` chain and Node's AggregateError (a refused connection to both ::1 and 127.0.0.1).
 */
export const isDatabaseUnavailable = (error: unknown, depth = 0): boolean => {
  if (!error || typeof error !== 'object' || depth > 6) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)))
    return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
};

/** A disk (or quota) with no room left for what was being written. */
export const isNoSpaceLeft = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
};

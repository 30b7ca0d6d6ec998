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

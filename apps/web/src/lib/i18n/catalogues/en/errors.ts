/**
 * The server's refusals by error code, for the languages other than English. English shows the
 * server's own words, which may carry details (a date, an amount); a translation says the same
 * thing without them, and a code no translation has shows the server's English.
 */
export const errors = {
  INVALID_CREDENTIALS: 'Invalid email or password',
  ACCOUNT_INACTIVE: 'Your account is not active. Contact the office.',
  ACCOUNT_LOCKED: 'Too many failed sign-ins. Try again later.',
  TOO_MANY_ATTEMPTS: 'Too many attempts. Try again later.',
} as const;

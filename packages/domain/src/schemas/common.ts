import { z } from 'zod';
import { ERROR_CODES } from '../errors/catalogue';
import { blankToUndefined, ZSearch, ZText } from './primitives';

/** Messages the sign-in, registration and user forms show; the server answers with the same words. */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 6 characters',
  nameRequired: 'Name is required',
  nameMin: 'Name must be at least 2 characters',
  mobileRequired: 'Mobile number is required',
  mobileTenDigits: 'Please enter a valid 10-digit mobile number',
  addressRequired: 'Address is required',
  confirmRequired: 'Please confirm your password',
  passwordsMismatch: 'Passwords do not match',
  newPasswordMin: 'New password must be at least 6 characters long',
  currentPasswordRequired: 'Current password is required',
  tokenRequired: 'Reset token is required',
} as const;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const ADDRESS_MAX = 500;

/** The standard e-mail pattern of the forms: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required, trimmed, lower-cased e-mail address. */
export const ZEmail = ZText('email', { error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(EMAIL_MAX, messages.emailInvalid)
  .regex(EMAIL_PATTERN, messages.emailInvalid)
  .transform((email) => email.toLowerCase());

/** A required, trimmed text: missing or blank answers `required`, longer than `max` answers `tooLong`. */
export const ZRequiredText = (label: string, required: string, max: number, tooLong: string) =>
  ZText(label, { error: required }).trim().min(1, required).max(max, tooLong);

/** A required password of 6 to 128 characters (long inputs are refused before hashing). */
export const ZPassword = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .min(PASSWORD_MIN, messages.passwordMin)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** The error body of every refused call (docs/errors.md): a stable `code`, a message, `errors` for fields. */
export const ZErrorResponse = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  errors: z.array(z.object({ param: z.string(), msg: z.string() })).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/** A plain `{message}` answer. */
export const ZMessageResponse = z.object({ message: z.string() });

/** The largest id a database `integer` column holds; a larger one must be a 400, not a database error. */
export const MAX_DB_ID = 2_147_483_647;

/** A positive id within the database's integer range. */
export const ZDbId = (message = 'Invalid id') =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_DB_ID, message);

/** Ids in paths. */
export const ZIdParam = z.object({ id: ZDbId('Invalid id') });

/** GET /clock: the server's business day (Asia/Kolkata), which BUSINESS_DATE may pin for demos and tests. */
export const ZClockResponse = z.object({
  today: z.string(),
  now: z.string(),
  time_zone: z.literal('Asia/Kolkata'),
  pinned: z.boolean(),
});
export type TClockResponse = z.infer<typeof ZClockResponse>;

/** The fields of a query string with each one read as absent when sent blank (see `ZQuery`). */
export type TQueryShape<Shape extends z.ZodRawShape> = { [Key in keyof Shape]: z.ZodPreprocess<Shape[Key]> };

export const queryFields = <Shape extends z.ZodRawShape>(shape: Shape): TQueryShape<Shape> =>
  Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, z.preprocess(blankToUndefined, field)]),
  ) as TQueryShape<Shape>;

/**
 * The query string of a route: an object whose every parameter, sent blank ('' or spaces), reads as
 * not sent, so `?status=&search=` answers exactly as no filter does, whatever the field's type (an
 * enum, a date, an id, a page number). Every `querystring` schema is declared with it (extend one
 * with `.extend(queryFields({...}))`); a server test calls every list route with each optional
 * parameter blank to hold that.
 */
export const ZQuery = <Shape extends z.ZodRawShape>(shape: Shape) => z.object(queryFields(shape));

/** A list's `page` query parameter: a positive integer, 1 when absent. */
export const ZPageQuery = z.coerce
  .number({ error: 'page must be a positive integer' })
  .int('page must be a positive integer')
  .min(1, 'page must be a positive integer')
  .default(1);

/**
 * A whole number in a query string from `min` to `max`, `fallback` when absent, refused in the
 * field's own words ('limit must be between 1 and 1000') rather than the parser's.
 */
export const ZQueryInteger = (field: string, min: number, max: number, fallback: number) => {
  const message = `${field} must be between ${min} and ${max}`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .default(fallback);
};

/**
 * A searchable list's `page` (from 1), `limit` (1 to 1000; `defaultLimit` when absent) and `search`
 * (at most 100 characters), with the messages the list screens show.
 */
export const listQueryFields = (defaultLimit: number) => ({
  page: ZPageQuery,
  limit: ZQueryInteger('limit', 1, 1000, defaultLimit),
  search: ZSearch,
});

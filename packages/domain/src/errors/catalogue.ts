import { ACCESS_REFUSALS, type AccessRefusalCode } from '../access/refusals';
import { CASH_REFUSALS, type CashRefusalCode } from '../cash/refusals';
import { CLASSIFICATION_REFUSALS, type ClassificationRefusalCode } from '../classification/refusals';
import { FILE_REFUSALS, type FileRefusalCode } from '../files/refusals';
import {
  IMPORT_CALL_REFUSALS,
  IMPORT_REFUSALS,
  type ImportCallRefusalCode,
  type ImportRefusalCode,
} from '../imports/refusals';
import {
  LENDING_REFUSAL_DESCRIPTIONS,
  type LendingRefusalCode,
  LOAN_CALL_REFUSALS,
  type LoanCallRefusalCode,
} from '../lending/refusals';
import { MESSAGE_REFUSALS, type MessageRefusalCode } from '../messages/refusals';
import { PRODUCT_REFUSALS, type ProductRefusalCode } from '../products/refusals';
import { FORM_REFUSALS, type FormRefusalCode } from '../schemas/refusals';
import { UPDATE_REFUSALS, type UpdateRefusalCode } from '../upgrades/update-status';
import { REQUEST_REFUSALS, type RequestRefusalCode } from './request';

/**
 * Every reason the API refuses a call: a stable UPPER_SNAKE code, sent as `code` beside `message`.
 * Clients branch on it; the message is for people and may be reworded.
 */
export type ErrorCode =
  | RequestRefusalCode
  | AccessRefusalCode
  | FormRefusalCode
  | FileRefusalCode
  | ImportRefusalCode
  | ImportCallRefusalCode
  | LendingRefusalCode
  | LoanCallRefusalCode
  | UpdateRefusalCode
  | CashRefusalCode
  | ClassificationRefusalCode
  | ProductRefusalCode
  | MessageRefusalCode;

/** The HTTP statuses an error answers with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503 | 507;

/**
 * The one place a code meets its HTTP status: 400 bad input, 401 no session, 403 not allowed,
 * 404 unknown (or out of scope), 409 a state rule, 413/415 the body, 422 an Idempotency-Key reused,
 * 429 sign-in throttled, 500 the server's own failure, 503 a service the call needs is not configured or not reachable,
 * 507 no space left to store a file.
 */
export const ERROR_HTTP_STATUS = {
  VALIDATION_FAILED: 400,
  MALFORMED_BODY: 400,
  BAD_REQUEST: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_FOUND: 404,
  IDEMPOTENCY_KEY_INVALID: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_IN_FLIGHT: 409,
  INTERNAL: 500,
  MAIL_UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
  DATABASE_BUSY: 503,
  STORAGE_FULL: 507,

  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_INACTIVE: 403,
  ACCOUNT_LOCKED: 429,
  TOO_MANY_ATTEMPTS: 429,
  RESET_TOKEN_INVALID: 400,
  CURRENT_PASSWORD_INCORRECT: 400,
  SUPERADMIN_PROTECTED: 403,
  CANNOT_CHANGE_OWN_ROLE: 403,
  CANNOT_DEACTIVATE_SELF: 403,
  CANNOT_DELETE_SELF: 403,
  ROLE_NAME_TAKEN: 409,
  SYSTEM_ROLE: 409,
  ROLE_IN_USE: 409,

  EMAIL_TAKEN: 409,
  EMAIL_UNCHANGEABLE: 400,
  MOBILE_UNCHANGEABLE: 400,
  ROLE_NOT_FOUND: 400,
  REFERENCE_CUSTOMER_NOT_FOUND: 400,
  SELF_REFERENCE: 400,
  AGENT_NOT_FOUND: 400,
  USER_HAS_LOANS: 409,
  AGENT_QR_NOT_ALLOWED: 409,
  CUSTOMER_NOT_FOUND: 400,
  CUSTOMER_INACTIVE: 400,
  BODY_PATH_MISMATCH: 400,
  RECIPIENT_NOT_FOUND: 400,

  FILE_TOO_LARGE: 413,
  FILE_TYPE_NOT_ALLOWED: 415,
  DOCUMENT_TYPE_NOT_ALLOWED: 400,
  UNEXPECTED_FILE: 400,
  FILE_REQUIRED: 400,
  FILE_NOT_FOUND: 404,
  FILE_LINK_INVALID: 403,

  IMPORT_FILE_EMPTY: 400,
  IMPORT_FILE_TYPE: 400,
  IMPORT_FILE_UNREADABLE: 400,
  IMPORT_TOO_MANY_ROWS: 400,
  IMPORT_BAD_HEADER: 400,
  IMPORT_LOCKED: 409,
  IMPORT_NOT_COMMITTABLE: 409,
  IMPORT_COLUMNS_MISSING: 400,
  IMPORT_MAPPING_INVALID: 400,

  LOAN_NOT_APPROVED: 409,
  LOAN_TERMINAL: 409,
  EMI_NOT_FOUND: 404,
  EMI_ALREADY_PAID: 409,
  EMI_FORECLOSED: 409,
  EMI_NOT_OPEN: 409,
  BOUNCED_NOT_CURRENT: 409,
  PARTIAL_ON_BOUNCED: 409,
  PARTIAL_AMOUNT_OUT_OF_RANGE: 400,
  CARRY_FROM_LAST_EMI: 409,
  INVALID_AMOUNT: 400,
  BOUNCE_CHARGE_OUT_OF_RANGE: 400,
  LATE_CHARGE_OUT_OF_RANGE: 400,
  PAYMENT_AMOUNT_MISMATCH: 400,
  NOTHING_OVERDUE: 409,
  NO_CHARGES_TO_CLEAR: 409,
  CLEAR_AMOUNT_MISMATCH: 400,
  CLEAR_AMOUNT_OUT_OF_RANGE: 400,
  NOTHING_PENDING: 409,
  FORECLOSURE_AMOUNT_REQUIRED: 400,
  FORECLOSURE_AMOUNT_OUT_OF_RANGE: 400,
  TOTAL_BELOW_AMOUNT: 400,
  NO_CREDIT_HELD: 409,
  CREDIT_NOT_ENOUGH: 409,
  REFUND_NOT_DUE: 409,
  REFUND_AMOUNT_OUT_OF_RANGE: 400,
  LOAN_STATUS_NEEDS_FORECLOSURE: 409,
  EMI_NOT_PAID: 409,
  PAYMENT_DATE_IN_FUTURE: 400,
  COLLECTED_AT_OUT_OF_RANGE: 400,
  IMPORT_COLLECTION_RESOLVED: 409,

  UPDATE_NOT_PERMITTED: 409,
  UPDATE_TRANSITION_REFUSED: 409,

  CASH_DAY_CLOSED: 409,
  CASH_DAY_ALREADY_CLOSED: 409,
  CASH_DAY_IN_FUTURE: 400,
  CASH_HANDOVER_EXCEEDS_HELD: 409,
  CASH_DIFFERENCE_NEEDS_REASON: 400,
  CASH_HANDOVER_TO_SELF: 409,
  COLLECTOR_NOT_FOUND: 404,

  DAY_END_ALREADY_CLOSED: 409,
  DAY_END_NOT_CLOSABLE: 409,

  PRODUCT_NOT_FOUND: 404,
  PRODUCT_ARCHIVED: 409,
  PRODUCT_NAME_TAKEN: 409,
  PRODUCT_AMOUNT_OUT_OF_RANGE: 400,
  PRODUCT_TENURE_OUT_OF_RANGE: 400,
  PRODUCT_EMI_MISMATCH: 400,
  HOLIDAY_EXISTS: 409,
  HOLIDAY_IN_PAST: 400,
  HOLIDAY_MOVED_EMIS: 409,
  HOLIDAY_NOT_FOUND: 404,

  MESSAGE_NOT_FOUND: 404,
  MESSAGE_NOT_RETRYABLE: 409,
  MESSAGE_TEMPLATE_VARIABLE: 400,
  MESSAGE_WEBHOOK_SIGNATURE: 401,
  RECEIPT_LINK_INVALID: 404,
} as const satisfies Record<ErrorCode, ErrorStatus>;

/** Every error code, in the catalogue's order. */
export const ERROR_CODES = Object.keys(ERROR_HTTP_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The codes answered with HTTP status `S`. */
export type ErrorCodeWithStatus<S extends ErrorStatus> = {
  [C in ErrorCode]: (typeof ERROR_HTTP_STATUS)[C] extends S ? C : never;
}[ErrorCode];

/** What each code means, as declared beside its rule; the API docs list these words. */
export const ERROR_DESCRIPTIONS: Record<ErrorCode, string> = {
  ...REQUEST_REFUSALS,
  ...ACCESS_REFUSALS,
  ...FORM_REFUSALS,
  ...FILE_REFUSALS,
  ...IMPORT_REFUSALS,
  ...IMPORT_CALL_REFUSALS,
  ...LENDING_REFUSAL_DESCRIPTIONS,
  ...LOAN_CALL_REFUSALS,
  ...UPDATE_REFUSALS,
  ...CASH_REFUSALS,
  ...CLASSIFICATION_REFUSALS,
  ...PRODUCT_REFUSALS,
  ...MESSAGE_REFUSALS,
};

/** The HTTP status of a code. */
export const errorStatus = (code: ErrorCode): ErrorStatus => ERROR_HTTP_STATUS[code];

/** Whether a value is one of the catalogue's codes (e.g. read from an answer). */
export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_HTTP_STATUS, value);

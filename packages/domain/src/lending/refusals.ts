import type { LedgerEntry } from './ledger';
import type { CreditEvent, LoanState } from './types';

/** Why the lending rules refused an operation. */
export const LENDING_REFUSAL_CODES = [
  'LOAN_NOT_APPROVED',
  'LOAN_TERMINAL',
  'EMI_NOT_FOUND',
  'EMI_ALREADY_PAID',
  'EMI_FORECLOSED',
  'EMI_NOT_OPEN',
  'BOUNCED_NOT_CURRENT',
  'PARTIAL_ON_BOUNCED',
  'PARTIAL_AMOUNT_OUT_OF_RANGE',
  'CARRY_FROM_LAST_EMI',
  'INVALID_AMOUNT',
  'BOUNCE_CHARGE_OUT_OF_RANGE',
  'LATE_CHARGE_OUT_OF_RANGE',
  'PAYMENT_AMOUNT_MISMATCH',
  'NOTHING_OVERDUE',
  'NO_CHARGES_TO_CLEAR',
  'CLEAR_AMOUNT_MISMATCH',
  'CLEAR_AMOUNT_OUT_OF_RANGE',
  'NOTHING_PENDING',
  'FORECLOSURE_AMOUNT_REQUIRED',
  'FORECLOSURE_AMOUNT_OUT_OF_RANGE',
  'TOTAL_BELOW_AMOUNT',
] as const;
/** A refusal code of the lending rules. */
export type LendingRefusalCode = (typeof LENDING_REFUSAL_CODES)[number];

/** The HTTP status each refusal answers with (docs/api.md: 404 unknown id, 400 bad input, 409 a state rule). */
export const LENDING_REFUSAL_HTTP_STATUS: Record<LendingRefusalCode, 400 | 404 | 409> = {
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
};

/** The message staff see when the loan-wide clear amount is not the latest late charge. */
export const CLEAR_ALL_MISMATCH_MESSAGE =
  'Please enter the exact latest late charge amount to clear all charges.';

/** A refusal without a loan state (e.g. loan totals). */
export type LendingRefusal = { ok: false; code: LendingRefusalCode; message: string };

/** A refused operation: the code, a message for staff, and the input state, untouched. */
export type RefusedOperation = LendingRefusal & { state: LoanState };

/** An accepted operation: the new state, the ledger rows and credit events it produced, and `X`. */
export type AppliedOperation<X extends object = object> = {
  ok: true;
  state: LoanState;
  entries: LedgerEntry[];
  events: CreditEvent[];
} & X;

/** The result of every lending operation. */
export type LendingOutcome<X extends object = object> = AppliedOperation<X> | RefusedOperation;

/** A refusal of an operation on `state`. */
export const refuse = (state: LoanState, code: LendingRefusalCode, message: string): RefusedOperation => ({
  ok: false,
  code,
  message,
  state,
});

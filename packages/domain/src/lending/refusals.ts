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
  'NO_CREDIT_HELD',
  'CREDIT_NOT_ENOUGH',
  'REFUND_NOT_DUE',
  'REFUND_AMOUNT_OUT_OF_RANGE',
] as const;
/** A refusal code of the lending rules. */
export type LendingRefusalCode = (typeof LENDING_REFUSAL_CODES)[number];

/** What each refusal of the lending rules means; the errors catalogue gives each its HTTP status. */
export const LENDING_REFUSAL_DESCRIPTIONS: Record<LendingRefusalCode, string> = {
  LOAN_NOT_APPROVED:
    'The loan is not approved: payments, bounces, charges and foreclosure need an approved loan.',
  LOAN_TERMINAL: 'The loan is closed or in default: its EMIs, terms and payment dates can no longer change.',
  EMI_NOT_FOUND: 'The EMI named does not exist on this loan.',
  EMI_ALREADY_PAID: 'The EMI is already paid or partially paid: it cannot be paid or bounced again.',
  EMI_FORECLOSED: 'The EMI was foreclosed.',
  EMI_NOT_OPEN: 'The EMI is settled: its late charge is history, not owed.',
  BOUNCED_NOT_CURRENT: 'Only the current bounced EMI (the one its dues sit on) can be paid or bounced again.',
  PARTIAL_ON_BOUNCED: 'A bounced EMI can be paid only in full or EMI-only, not partially.',
  PARTIAL_AMOUNT_OUT_OF_RANGE: 'A partial payment must be above ₹0 and at most the EMI amount.',
  CARRY_FROM_LAST_EMI: 'No open EMI follows to carry the unpaid money to: pay in full or mark it bounced.',
  INVALID_AMOUNT: 'An amount is not a whole number of paise.',
  BOUNCE_CHARGE_OUT_OF_RANGE: 'The bounce charge cannot be negative.',
  LATE_CHARGE_OUT_OF_RANGE: 'The late charge must be a whole amount of ₹0 or more.',
  PAYMENT_AMOUNT_MISMATCH: 'The amount sent is not what a full or EMI-only payment of this EMI collects now.',
  NOTHING_OVERDUE: 'The loan has no overdue EMI to collect.',
  NO_CHARGES_TO_CLEAR: 'The loan has no outstanding late charges to clear.',
  CLEAR_AMOUNT_MISMATCH: 'Clearing all charges takes exactly the latest late charge amount.',
  CLEAR_AMOUNT_OUT_OF_RANGE: "The amount to clear must be above ₹0 and at most the EMI's late charge.",
  NOTHING_PENDING: 'Nothing is pending on the loan to foreclose.',
  FORECLOSURE_AMOUNT_REQUIRED: 'A settlement or premium foreclosure needs the agreed amount.',
  FORECLOSURE_AMOUNT_OUT_OF_RANGE:
    'The foreclosure amount is outside what its type allows (the total pending, or 1.5 times it).',
  TOTAL_BELOW_AMOUNT: 'The per-day EMI times the days repays less than the loan amount.',
  NO_CREDIT_HELD: 'The loan holds no credit to apply or refund.',
  CREDIT_NOT_ENOUGH:
    'The credit held does not pay the oldest open EMI in full (credit pays whole EMIs only).',
  REFUND_NOT_DUE:
    'Credit is refunded only once the loan is closed or in default; while it runs it is applied to EMIs.',
  REFUND_AMOUNT_OUT_OF_RANGE: 'A refund must be above ₹0 and at most the credit held.',
};

/**
 * Refusals of loan calls decided on stored rows rather than by a lending operation; they guard the
 * same rules, so they are declared here.
 */
export const LOAN_CALL_REFUSALS = {
  LOAN_STATUS_NEEDS_FORECLOSURE:
    'An edit cannot close a loan or put it in default: that is what foreclosure does.',
  EMI_NOT_PAID: 'Only a paid or partially paid EMI has a receipt and a payment date.',
  PAYMENT_DATE_IN_FUTURE: 'A payment date cannot be later than the business day.',
  COLLECTED_AT_OUT_OF_RANGE:
    "A phone's collection time (collected_at) cannot be in the future nor older than 7 days.",
  IMPORT_COLLECTION_RESOLVED:
    'The imported collection is no longer waiting to be matched: it was already matched to a loan or dismissed.',
} as const;
/** A refusal code of a loan call. */
export type LoanCallRefusalCode = keyof typeof LOAN_CALL_REFUSALS;

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

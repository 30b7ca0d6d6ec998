import type { Paise } from '../money';
import type { IsoDate } from '../time';

/** Loan statuses in the order admins move a loan through them; `closed` and `default` are terminal. */
export const LOAN_STATUSES = [
  'pending_acceptance',
  'accepted',
  'processing',
  'approved',
  'closed',
  'default',
] as const;
/** A loan's status. */
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** Closed and default loans are settled for good: no payment, edit or foreclosure changes them again. */
export const isTerminalLoanStatus = (status: string): boolean => status === 'closed' || status === 'default';

/** EMI statuses. */
export const EMI_STATUSES = ['pending', 'paid', 'partial', 'bounced', 'foreclosed'] as const;
/** An EMI's status. */
export type EmiStatus = (typeof EMI_STATUSES)[number];

/** How an EMI is paid (docs/lending-rules.md). */
export const PAYMENT_TYPES = ['full', 'emi_only', 'partial'] as const;
/** A payment type. */
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** How money is received from (or paid back to) a borrower. */
export const PAYMENT_MODES = ['cash', 'upi', 'bank_transfer', 'cheque', 'card', 'other'] as const;
/** A payment mode. */
export type PaymentMode = (typeof PAYMENT_MODES)[number];
/** How a recorded payment was made: a payment mode, or 'credit' when credit held paid the EMI (no cash). */
export const RECORDED_PAYMENT_MODES = [...PAYMENT_MODES, 'credit'] as const;
/** A recorded payment's mode. */
export type RecordedPaymentMode = (typeof RECORDED_PAYMENT_MODES)[number];

/** Foreclosure types: Full Payment, a mutually agreed amount, a partial settlement. */
export const FORECLOSURE_TYPES = ['full', 'full_and_final', 'settlement'] as const;
/** A foreclosure type. */
export type ForeclosureType = (typeof FORECLOSURE_TYPES)[number];

/**
 * The status of a bounced-EMI record: `bounced` while its dues are still owed; `recovered` once they
 * were collected (directly, or rolled into a later EMI paid in full); `waived` when a clear forgave
 * them; `written_off` when a foreclosure left them unrecovered.
 */
export const BOUNCE_RECORD_STATUSES = ['bounced', 'recovered', 'waived', 'written_off'] as const;
export type BounceRecordStatus = (typeof BOUNCE_RECORD_STATUSES)[number];

/**
 * One instalment. Money is integer paise. `late_charge` is everything added on top of the
 * instalment: bounce charges, the 10% partial charge, and dues carried in from earlier EMIs (a rolled
 * bounced EMI, a partial's shortfall, an emi_only's charges). `carried_instalment` is the part of
 * `late_charge` that is instalment money carried in, so that collections split into instalment
 * (principal + interest) and penalty without guessing; the rest of `late_charge` is penalty.
 */
export type Emi = {
  emi_number: number;
  emi_date: IsoDate;
  amount: Paise;
  late_charge: Paise;
  carried_instalment: Paise;
  status: EmiStatus;
  payment_type: PaymentType | null;
  paid_on: IsoDate | null;
  partial_payment_amount: Paise | null;
  remaining_balance: Paise | null;
  bounce_count: number;
  bounced_on: IsoDate | null;
  bounced_reason: string | null;
  /** The bounced-EMI record's status; null when the EMI never bounced. */
  bounce_status: BounceRecordStatus | null;
  /**
   * Which EMI now holds this bounced EMI's dues: itself while it is the current bounced EMI, the
   * later EMI they rolled or were carried into, or null once waived away. Null when never bounced.
   */
  dues_with: number | null;
};

/** What the lending rules need of a loan: its status and its EMIs. */
export type LoanState = { status: LoanStatus; emis: readonly Emi[] };

/** Credit event types. */
export const CREDIT_EVENT_TYPES = ['EMI_BOUNCED', 'EMI_PAID_ON_TIME', 'EMI_PAID_LATE'] as const;
/** A credit event type. */
export type CreditEventType = (typeof CREDIT_EVENT_TYPES)[number];

/** A credit event an operation produced; the server stores it with the customer and the loan. */
export type CreditEvent = {
  event_type: CreditEventType;
  emi_number: number;
  emi_amount: Paise;
  /** Collected by the payment, or owed on the EMI after the bounce. */
  amount: Paise;
  on: IsoDate;
  bounce_reason: string | null;
  /** The EMI's bounce count after this bounce. */
  bounce_sequence: number | null;
  charges_applied: Paise | null;
};

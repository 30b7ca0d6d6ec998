import type { RecordedPaymentMode } from '../lending/types';

/**
 * Payment modes as people read them ('credit': an EMI paid from the loan's credit held). Screens and
 * the server's exports print the same words.
 */
export const PAYMENT_MODE_LABELS: Record<RecordedPaymentMode, string> = {
  credit: 'Credit held',
  cash: 'Cash',
  upi: 'UPI',
  bank_transfer: 'Bank Transfer',
  cheque: 'Cheque',
  card: 'Card',
  other: 'Other',
};

const isPaymentMode = (mode: string): mode is RecordedPaymentMode => Object.hasOwn(PAYMENT_MODE_LABELS, mode);

/** A stored mode as a label: '-' when none, an unknown one as it came. */
export const paymentModeLabel = (mode: string | null): string =>
  mode === null || mode === '' ? '-' : isPaymentMode(mode) ? PAYMENT_MODE_LABELS[mode] : mode;

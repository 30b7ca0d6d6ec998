import { PAYMENT_MODES, type RecordedPaymentMode } from '@lending/domain';

/** Payment modes as people read them ('credit': an EMI paid from the loan's credit held). */
export const PAYMENT_MODE_LABELS: Record<RecordedPaymentMode, string> = {
  credit: 'Credit held',
  cash: 'Cash',
  upi: 'UPI',
  bank_transfer: 'Bank Transfer',
  cheque: 'Cheque',
  card: 'Card',
  other: 'Other',
};

/** The choices of a payment-mode select, in the domain's order. */
export const PAYMENT_MODE_OPTIONS = PAYMENT_MODES.map((mode) => ({
  value: mode,
  label: PAYMENT_MODE_LABELS[mode],
}));

const isPaymentMode = (mode: string): mode is RecordedPaymentMode => Object.hasOwn(PAYMENT_MODE_LABELS, mode);

/** A stored mode as a label: '-' when none, an unknown one as it came. */
export const paymentModeLabel = (mode: string | null): string =>
  mode === null || mode === '' ? '-' : isPaymentMode(mode) ? PAYMENT_MODE_LABELS[mode] : mode;

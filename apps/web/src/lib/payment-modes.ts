import { PAYMENT_MODE_LABELS, PAYMENT_MODES } from '@lending/domain';

export { PAYMENT_MODE_LABELS, paymentModeLabel } from '@lending/domain';

/** The choices of a payment-mode select, in the domain's order. */
export const PAYMENT_MODE_OPTIONS = PAYMENT_MODES.map((mode) => ({
  value: mode,
  label: PAYMENT_MODE_LABELS[mode],
}));

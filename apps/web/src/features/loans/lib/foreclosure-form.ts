import {
  FORECLOSURE_REASONS,
  type ForeclosureType,
  formatRupees,
  type Paise,
  type PaymentMode,
  paiseToRupees,
  parseRupees,
  rupeesToPaise,
  type TForecloseRequest,
} from '@lending/domain';

export type TForeclosureFormValues = {
  foreclosure_type: ForeclosureType;
  settlement_amount: number | string;
  reason: string;
  notes: string;
  /** How the foreclosure's cash is received. */
  payment_mode: PaymentMode;
};

/** Default type full. */
export const EMPTY_FORECLOSURE_FORM: TForeclosureFormValues = {
  foreclosure_type: 'full',
  settlement_amount: '',
  reason: '',
  notes: '',
  payment_mode: 'cash',
};

/** Whether the type needs an agreed amount (full_and_final and settlement). */
export const needsAmount = (type: ForeclosureType): boolean => type !== 'full';

/**
 * The largest amount a type allows, in paise: the total pending for settlement, 1.5 times it for
 * full_and_final (rounded down to a whole paisa, so that 2x ≤ 3p holds), the total pending for full.
 */
export const maxForeclosurePaise = (type: ForeclosureType, pending: Paise): Paise =>
  type === 'full_and_final' ? Math.floor((pending * 3) / 2) : pending;

export const maxForeclosureRupees = (type: ForeclosureType, pendingRupees: number): number =>
  paiseToRupees(maxForeclosurePaise(type, rupeesToPaise(pendingRupees)));

export type TForeclosureCheck =
  | { ok: true; body: TForecloseRequest }
  | { ok: false; errors: Record<string, string> };

/** Type required; amount 0…max for the agreed types; reason one of the five. */
export const checkForeclosureForm = (
  values: TForeclosureFormValues,
  pendingRupees: number,
): TForeclosureCheck => {
  const errors: Record<string, string> = {};
  const type = values.foreclosure_type;
  let amount: number | undefined;
  if (needsAmount(type)) {
    const raw = String(values.settlement_amount).trim();
    const parsed = parseRupees(raw);
    const max = maxForeclosurePaise(type, rupeesToPaise(pendingRupees));
    if (raw === '') errors.settlement_amount = 'Amount is required';
    else if (!parsed.ok) errors.settlement_amount = parsed.message;
    else if (parsed.paise < 0) errors.settlement_amount = 'Amount cannot be negative';
    else if (parsed.paise > max) errors.settlement_amount = `Amount cannot exceed ${formatRupees(max, 2)}`;
    else amount = paiseToRupees(parsed.paise);
  }
  const reason = FORECLOSURE_REASONS.find((candidate) => candidate === values.reason);
  if (reason === undefined) errors.reason = 'Please select a reason';
  if (Object.keys(errors).length > 0 || reason === undefined) return { ok: false, errors };
  const notes = values.notes.trim();
  return {
    ok: true,
    body: {
      foreclosure_type: type,
      ...(amount === undefined ? {} : { settlement_amount: amount }),
      reason,
      ...(notes === '' ? {} : { notes }),
      payment_mode: values.payment_mode,
    },
  };
};

import {
  type TLoanProductRequest,
  type TLoanProductView,
  WEEKDAYS,
  type Weekday,
  ZLoanProductRequest,
} from '@lending/domain';

/** How a product's per-day EMI is set: from its rate per ₹1,000, or typed for each loan. */
export type TEmiRule = 'rate' | 'typed';

/** The Add/Edit product form's values, as the inputs hold them. */
export type TProductFormValues = {
  name: string;
  min_amount: number | string;
  max_amount: number | string;
  emi_rule: TEmiRule;
  emi_per_thousand: number | string;
  min_tenure_days: number | string;
  max_tenure_days: number | string;
  off_days: Weekday[];
  bounce_charge: number | string;
  processing_fee: number | string;
  is_active: boolean;
};

export const EMPTY_PRODUCT_FORM: TProductFormValues = {
  name: '',
  min_amount: '',
  max_amount: '',
  emi_rule: 'rate',
  emi_per_thousand: '',
  min_tenure_days: '',
  max_tenure_days: '',
  off_days: ['sunday'],
  bounce_charge: '',
  processing_fee: '',
  is_active: true,
};

export const productFormValuesOf = (product: TLoanProductView): TProductFormValues => ({
  name: product.name,
  min_amount: product.min_amount,
  max_amount: product.max_amount,
  emi_rule: product.emi_per_thousand === null ? 'typed' : 'rate',
  emi_per_thousand: product.emi_per_thousand ?? '',
  min_tenure_days: product.min_tenure_days,
  max_tenure_days: product.max_tenure_days,
  off_days: [...product.off_days],
  bounce_charge: product.bounce_charge,
  processing_fee: product.processing_fee,
  is_active: product.is_active,
});

/** The request that saves a product as it is but for `is_active` (Archive, Restore). */
export const productRequestOf = (product: TLoanProductView, isActive: boolean): TLoanProductRequest => ({
  name: product.name,
  min_amount: product.min_amount,
  max_amount: product.max_amount,
  emi_per_thousand: product.emi_per_thousand,
  min_tenure_days: product.min_tenure_days,
  max_tenure_days: product.max_tenure_days,
  off_days: WEEKDAYS.filter((day) => product.off_days.includes(day)),
  bounce_charge: product.bounce_charge,
  processing_fee: product.processing_fee,
  is_active: isActive,
});

export const PRODUCT_FIELD_REQUIRED = 'This field is required';
export const EMI_RATE_REQUIRED = 'Enter the per-day EMI per ₹1,000, or choose "Typed for each loan"';

const text = (value: number | string): string => String(value).trim();

const REQUIRED = ['name', 'min_amount', 'max_amount', 'min_tenure_days', 'max_tenure_days'] as const;

export type TProductFormCheck =
  | { ok: true; body: TLoanProductRequest }
  | { ok: false; errors: Record<string, string> };

/**
 * The form checked by the API's own contract (ZLoanProductRequest), each message on its field; a
 * required field left blank says so instead of the contract's "must be a number".
 */
export const checkProductForm = (values: TProductFormValues): TProductFormCheck => {
  const errors: Record<string, string> = {};
  for (const field of REQUIRED) if (text(values[field]) === '') errors[field] = PRODUCT_FIELD_REQUIRED;
  if (values.emi_rule === 'rate' && text(values.emi_per_thousand) === '')
    errors.emi_per_thousand = EMI_RATE_REQUIRED;
  const optional = (value: number | string) => (text(value) === '' ? undefined : text(value));
  const parsed = ZLoanProductRequest.safeParse({
    name: values.name,
    min_amount: text(values.min_amount),
    max_amount: text(values.max_amount),
    emi_per_thousand: values.emi_rule === 'typed' ? null : text(values.emi_per_thousand),
    min_tenure_days: text(values.min_tenure_days),
    max_tenure_days: text(values.max_tenure_days),
    off_days: values.off_days,
    bounce_charge: optional(values.bounce_charge),
    processing_fee: optional(values.processing_fee),
    is_active: values.is_active,
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field !== '' && errors[field] === undefined) errors[field] = issue.message;
    }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
};

/** The server's field errors on the form's fields ('off_days.0' → 'off_days'). */
export const fieldErrorsOf = (errors: readonly { param: string; msg: string }[]): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const { param, msg } of errors) {
    const field = param.split('.')[0] ?? param;
    fields[field] ??= msg;
  }
  return fields;
};

import {
  checkAgainstProduct,
  endDate,
  isIsoDate,
  LOAN_REQUIRED_MESSAGE,
  type LoanStatus,
  loanTotals,
  paiseToRupees,
  parseRupees,
  productEmi,
  rupeesToPaise,
  type TLoanProductTerms,
  type TLoanProductView,
  type TLoanView,
  type Weekday,
  ZCreateLoanRequest,
} from '@lending/domain';

/** The Create/Edit Loan form's values; numbers as the inputs hold them, dates YYYY-MM-DD. */
export type TLoanFormValues = {
  /** The loan product's id, '' for none (collected every calendar day). */
  product_id: string;
  customer_id: string;
  loan_amount: number | string;
  per_day_emi: number | string;
  total_emi_days: number | string;
  start_date: string;
  loan_reason: string;
  payment_method: string;
  status: string;
};

export const EMPTY_LOAN_FORM: TLoanFormValues = {
  product_id: '',
  customer_id: '',
  loan_amount: '',
  per_day_emi: '',
  total_emi_days: '',
  start_date: '',
  loan_reason: '',
  payment_method: '',
  status: '',
};

export const REQUIRED_LOAN_FIELDS = [
  'customer_id',
  'loan_amount',
  'per_day_emi',
  'total_emi_days',
  'start_date',
] as const;

/** Changing any of these rewrites the schedule: all EMIs go back to pending. */
export const CORE_LOAN_FIELDS = ['loan_amount', 'per_day_emi', 'total_emi_days', 'start_date'] as const;

export const loanFormValuesOf = (loan: TLoanView): TLoanFormValues => ({
  product_id: loan.product === null ? '' : String(loan.product.id),
  customer_id: String(loan.customer_id),
  loan_amount: loan.loan_amount,
  per_day_emi: loan.per_day_emi,
  total_emi_days: loan.total_emi_days,
  start_date: loan.start_date,
  loan_reason: loan.loan_reason ?? '',
  payment_method: loan.payment_method ?? '',
  status: loan.status,
});

const text = (value: number | string): string => String(value).trim();

/** A whole tenure of 1 to 3,650 instalments as typed, or null. */
const typedTenure = (tenure: number | string): number | null => {
  const days = Number(tenure);
  return text(tenure) === '' || !Number.isInteger(days) || days < 1 || days > 3650 ? null : days;
};

/** The derived, read-only end date: start + tenure − 1 (YYYY-MM-DD), or null until both are valid. */
export const derivedEndDate = (startDate: string, tenure: number | string): string | null => {
  const days = typedTenure(tenure);
  return !isIsoDate(startDate) || days === null ? null : endDate(startDate, days);
};

/**
 * What GET /loan-products/{id}/schedule-end asks for a product loan (with the loan being edited, whose
 * copied off-days count), or null until product, start and tenure are set.
 */
export const scheduleEndParamsOf = (
  product: TLoanProductChoice | null,
  startDate: string,
  tenure: number | string,
  loanId?: number,
): { productId: number; startDate: string; totalEmiDays: number; loanId?: number } | null => {
  const totalEmiDays = typedTenure(tenure);
  if (product === null || !isIsoDate(startDate) || totalEmiDays === null) return null;
  return { productId: product.id, startDate, totalEmiDays, ...(loanId === undefined ? {} : { loanId }) };
};

/** Whether an edit touches the amount, the EMI, the tenure or the start date. */
export const changesCoreFields = (original: TLoanView, values: TLoanFormValues): boolean =>
  CORE_LOAN_FIELDS.some((field) => text(values[field]) !== text(original[field]));

/**
 * The product a loan is made from, as the form uses it: its EMI rule and collection days, and its
 * ranges when the form knows them (a new loan: the active product; an edit: the loan's own copied
 * terms, which carry no ranges).
 */
export type TLoanProductChoice = {
  id: number;
  name: string;
  emi_per_thousand: number | null;
  off_days: readonly Weekday[];
  ranges: Pick<TLoanProductView, 'min_amount' | 'max_amount' | 'min_tenure_days' | 'max_tenure_days'> | null;
};

export const productChoiceOf = (product: TLoanProductView): TLoanProductChoice => ({
  id: product.id,
  name: product.name,
  emi_per_thousand: product.emi_per_thousand,
  off_days: product.off_days,
  ranges: product,
});

/** The terms a loan was made with, as the form keeps them on an edit. */
export const loanProductChoiceOf = (terms: TLoanProductTerms): TLoanProductChoice => ({
  id: terms.id,
  name: terms.name,
  emi_per_thousand: terms.emi_per_thousand,
  off_days: terms.off_days,
  ranges: null,
});

/** An amount typed in rupees, in paise when it is one above zero; null otherwise. */
const typedAmount = (value: number | string): number | null => {
  const parsed = parseRupees(text(value));
  return parsed.ok && parsed.paise > 0 ? parsed.paise : null;
};

/**
 * The per-day EMI (rupees) a product's rule gives for the typed amount, rounded up to the rupee as
 * the server computes it; null when the product has no rule or the amount is not one yet.
 */
export const productEmiOf = (
  product: TLoanProductChoice | null,
  loanAmount: number | string,
): number | null => {
  if (product === null || product.emi_per_thousand === null) return null;
  const amount = typedAmount(loanAmount);
  if (amount === null) return null;
  const emi = productEmi({ emiPerThousand: rupeesToPaise(product.emi_per_thousand) }, amount);
  return emi === null ? null : paiseToRupees(emi);
};

export type TLoanFormCheck = { missing: boolean; errors: Record<string, string> };

const REQUIRED_FIELD_ERROR = 'This field is required';

/**
 * The domain's loan-form rules: missing required fields (→ 'Please fill in all required
 * fields'), payment method ≤ 100, amounts with ≤ 2 decimals, and a total repayable of at least the amount.
 */
export const checkLoanForm = (
  values: TLoanFormValues,
  product: TLoanProductChoice | null = null,
): TLoanFormCheck => {
  const parsed = ZCreateLoanRequest.safeParse({
    product_id: values.product_id,
    customer_id: values.customer_id,
    loan_amount: text(values.loan_amount),
    per_day_emi: text(values.per_day_emi),
    total_emi_days: text(values.total_emi_days),
    start_date: values.start_date,
    loan_reason: values.loan_reason,
    payment_method: values.payment_method,
  });
  const errors: Record<string, string> = {};
  let missing = false;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field === '' || errors[field] !== undefined) continue;
      if (issue.message === LOAN_REQUIRED_MESSAGE) missing = true;
      errors[field] = issue.message === LOAN_REQUIRED_MESSAGE ? REQUIRED_FIELD_ERROR : issue.message;
    }
    return { missing, errors };
  }
  const { loan_amount, per_day_emi, total_emi_days } = parsed.data;
  const totals = loanTotals(rupeesToPaise(loan_amount), rupeesToPaise(per_day_emi), total_emi_days);
  if (!totals.ok) errors.per_day_emi = totals.message;
  // The product's ranges and EMI rule, with the server's own messages (the same domain rule).
  if (product?.ranges) {
    const refusals = checkAgainstProduct(
      {
        name: product.name,
        minAmount: rupeesToPaise(product.ranges.min_amount),
        maxAmount: rupeesToPaise(product.ranges.max_amount),
        emiPerThousand: product.emi_per_thousand === null ? null : rupeesToPaise(product.emi_per_thousand),
        minTenureDays: product.ranges.min_tenure_days,
        maxTenureDays: product.ranges.max_tenure_days,
        offDays: product.off_days,
        bounceCharge: 0,
        processingFee: 0,
      },
      {
        loanAmount: rupeesToPaise(loan_amount),
        perDayEmi: rupeesToPaise(per_day_emi),
        totalEmiDays: total_emi_days,
      },
    );
    for (const refusal of refusals) errors[refusal.field] ??= refusal.message;
  }
  return { missing, errors };
};

/** The multipart body of POST /loans and PUT /loans/{id}. */
export const loanFormData = (
  values: TLoanFormValues,
  options: { image: File | null; removeImage?: boolean; status?: LoanStatus | null },
): FormData => {
  const form = new FormData();
  if (values.product_id !== '') form.append('product_id', values.product_id);
  form.append('customer_id', values.customer_id);
  form.append('loan_amount', text(values.loan_amount));
  form.append('per_day_emi', text(values.per_day_emi));
  form.append('total_emi_days', text(values.total_emi_days));
  form.append('start_date', values.start_date);
  form.append('loan_reason', values.loan_reason.trim());
  form.append('payment_method', values.payment_method.trim());
  if (options.status !== undefined && options.status !== null) form.append('status', options.status);
  if (options.image !== null) form.append('received_by_image', options.image);
  else if (options.removeImage === true) form.append('remove_received_by_image', '1');
  return form;
};

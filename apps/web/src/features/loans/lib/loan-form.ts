import {
  endDate,
  isIsoDate,
  LOAN_REQUIRED_MESSAGE,
  type LoanStatus,
  loanTotals,
  rupeesToPaise,
  type TLoanView,
  ZCreateLoanRequest,
} from '@lending/domain';

/** The Create/Edit Loan form's values; numbers as the inputs hold them, dates YYYY-MM-DD. */
export type TLoanFormValues = {
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

/** The derived, read-only end date: start + tenure − 1 (YYYY-MM-DD), or null until both are valid. */
export const derivedEndDate = (startDate: string, tenure: number | string): string | null => {
  const days = Number(tenure);
  if (!isIsoDate(startDate) || text(tenure) === '' || !Number.isInteger(days) || days < 1 || days > 3650)
    return null;
  return endDate(startDate, days);
};

/** Whether an edit touches the amount, the EMI, the tenure or the start date. */
export const changesCoreFields = (original: TLoanView, values: TLoanFormValues): boolean =>
  CORE_LOAN_FIELDS.some((field) => text(values[field]) !== text(original[field]));

export type TLoanFormCheck = { missing: boolean; errors: Record<string, string> };

const REQUIRED_FIELD_ERROR = 'This field is required';

/**
 * The domain's loan-form rules: missing required fields (→ 'Please fill in all required
 * fields'), payment method ≤ 100, amounts with ≤ 2 decimals, and a total repayable of at least the amount.
 */
export const checkLoanForm = (values: TLoanFormValues): TLoanFormCheck => {
  const parsed = ZCreateLoanRequest.safeParse({
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
  return { missing, errors };
};

/** The multipart body of POST /loans and PUT /loans/{id}. */
export const loanFormData = (
  values: TLoanFormValues,
  options: { image: File | null; removeImage?: boolean; status?: LoanStatus | null },
): FormData => {
  const form = new FormData();
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

import { z } from 'zod';
import { LOAN_CLASSES } from '../classification/rules';
import { MAX_LOAN_AMOUNT_PAISE } from '../lending/limits';
import {
  EMI_STATUSES,
  FORECLOSURE_TYPES,
  LOAN_STATUSES,
  PAYMENT_MODES,
  PAYMENT_TYPES,
} from '../lending/types';
import { listQueryFields, queryFields, ZDbId, ZQuery } from './common';
import { checkLoanTerms } from './loan-terms';
import { capped, ZPositiveRupees, ZRupees } from './money';
import { ZCalendarDate, ZText } from './primitives';
import { ZLoanProductTerms } from './products';

/** The message every missing required loan field answers with. */
export const LOAN_REQUIRED_MESSAGE = 'Please fill in all required fields';
export const PAYMENT_METHOD_MAX = 100;
export const LOAN_REASON_MAX = 500;
/** Tenure limit: ten years of daily instalments. */
export const MAX_TENURE_DAYS = 3650;

const blankToUndefined = (value: unknown) =>
  value === '' || value === null || value === 'null' ? undefined : value;
/**
 * A required form field: missing or blank answers the spec's one message; a present value is checked
 * by `schema` with its own message. (An optional schema would let zod skip an absent key entirely.)
 */
const required = <T extends z.ZodType>(schema: T) =>
  z.any().transform((raw, ctx): z.output<T> => {
    const value = blankToUndefined(raw);
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', message: LOAN_REQUIRED_MESSAGE });
      return z.NEVER;
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });

/** A calendar date 'YYYY-MM-DD' (Asia/Kolkata). */
export const ZIsoDate = ZCalendarDate();

/** Largest id a database `integer` column holds; larger ids are refused (400), never sent to SQL. */

/** `{id}` in loan paths. */
export const ZLoanIdParam = z.object({ id: ZDbId('Invalid id') });

/** The loan form's fields (multipart text), shared by create and edit. */
export const ZLoanFormFields = z.object({
  customer_id: required(ZDbId('Invalid customer')),
  loan_amount: required(capped(ZPositiveRupees, MAX_LOAN_AMOUNT_PAISE)),
  per_day_emi: required(ZPositiveRupees),
  total_emi_days: required(
    z.coerce
      .number()
      .int('Tenure must be a whole number of days')
      .min(1, 'Tenure must be at least 1 day')
      .max(MAX_TENURE_DAYS, `Tenure must be at most ${MAX_TENURE_DAYS} days`),
  ),
  start_date: required(ZIsoDate),
  /** The loan product the loan is made from; absent: no product, collected every calendar day. */
  product_id: z.preprocess(blankToUndefined, ZDbId('Invalid product').optional()),
  loan_reason: z.preprocess(blankToUndefined, ZText('loan_reason').trim().max(LOAN_REASON_MAX).optional()),
  payment_method: z.preprocess(
    blankToUndefined,
    ZText('payment_method')
      .trim()
      .max(PAYMENT_METHOD_MAX, `Payment method must be at most ${PAYMENT_METHOD_MAX} characters`)
      .optional(),
  ),
});

/** POST /loans (multipart: these fields plus received_by_image), the terms checked together. */
export const ZCreateLoanRequest = ZLoanFormFields.superRefine(checkLoanTerms);
export type TCreateLoanRequest = z.infer<typeof ZCreateLoanRequest>;

/** PUT /loans/{id}: the same fields, plus a status that only admins may change. */
export const ZUpdateLoanRequest = ZLoanFormFields.extend({
  status: z.preprocess(blankToUndefined, z.enum(LOAN_STATUSES, { error: 'Unknown loan status' }).optional()),
  /** '1' or 'true' removes the stored received-by image when no new one is sent. */
  remove_received_by_image: z.preprocess(blankToUndefined, z.enum(['1', 'true', '0', 'false']).optional()),
}).superRefine(checkLoanTerms);
export type TUpdateLoanRequest = z.infer<typeof ZUpdateLoanRequest>;

export const LOAN_SORT_FIELDS = [
  'loan_number',
  'customer_name',
  'loan_amount',
  'per_day_emi',
  'start_date',
  'created_at',
] as const;

/** The loan list's status filter: a status, or `lent` (money has moved: approved, closed or default). */
export const LOAN_STATUS_FILTERS = [...LOAN_STATUSES, 'lent'] as const;
export type TLoanStatusFilter = (typeof LOAN_STATUS_FILTERS)[number];

/** Days overdue in a loans filter: a whole number of days, 0 to 36,500. */
const ZOverdueDays = z.coerce
  .number({ error: 'Days overdue must be a whole number' })
  .int('Days overdue must be a whole number')
  .min(0, 'Days overdue cannot be negative')
  .max(36_500, 'Days overdue is too large');

/**
 * GET /loans and GET /loans/export query. `overdue_min`/`overdue_max` keep approved loans whose oldest
 * open EMI is that many days before today (both ends included): the portfolio's ageing links.
 */
export const ZLoanListQuery = ZQuery({
  ...listQueryFields(20),
  status: z.enum(LOAN_STATUS_FILTERS, { error: 'Unknown loan status' }).optional(),
  customer_id: ZDbId('Invalid customer').optional(),
  start_date: ZIsoDate.optional(),
  end_date: ZIsoDate.optional(),
  overdue_min: ZOverdueDays.optional(),
  overdue_max: ZOverdueDays.optional(),
  /** The loan's class at the latest day-end close (standard: in no class of the register). */
  loan_class: z.enum(LOAN_CLASSES, { error: `Class must be one of: ${LOAN_CLASSES.join(', ')}` }).optional(),
  sort_by: z.enum(LOAN_SORT_FIELDS, { error: 'Unknown sort field' }).default('loan_number'),
  sort_direction: z.enum(['asc', 'desc'], { error: 'Sort direction must be asc or desc' }).default('asc'),
});
export type TLoanListQuery = z.infer<typeof ZLoanListQuery>;

/** One instalment as the API answers it; money in rupees. */
export const ZEmiView = z.object({
  id: z.number(),
  loan_id: z.number(),
  emi_number: z.number(),
  emi_date: z.string(),
  due_date: z.string(),
  amount: z.number(),
  late_charge: z.number(),
  status: z.enum(EMI_STATUSES),
  paid_at: z.string().nullable(),
  payment_date: z.string().nullable(),
  bounced_at: z.string().nullable(),
  bounced_reason: z.string().nullable(),
  bounce_count: z.number(),
  payment_type: z.enum(PAYMENT_TYPES).nullable(),
  partial_payment_amount: z.number().nullable(),
  remaining_balance: z.number().nullable(),
  foreclosure_amount: z.number().nullable(),
  foreclosure_date: z.string().nullable(),
  notes: z.string().nullable(),
  /**
   * True for the one bounced EMI whose dues are still with itself (the current bounced EMI: open, may
   * be paid or bounced again); false for every other EMI. Optional for older clients and fixtures.
   */
  is_current_bounce: z.boolean().optional(),
});
export type TEmiView = z.infer<typeof ZEmiView>;

/** A loan's foreclosure as the API answers it: every field null until the loan is foreclosed. */
export const ZLoanForeclosure = z.object({
  foreclosure_type: z.enum(FORECLOSURE_TYPES).nullable(),
  foreclosure_amount: z.number().nullable(),
  foreclosure_remaining_amount: z.number().nullable(),
  foreclosure_date: z.string().nullable(),
  foreclosed_by_name: z.string().nullable(),
  foreclosure_reason: z.string().nullable(),
  foreclosure_notes: z.string().nullable(),
});
export type TLoanForeclosure = z.infer<typeof ZLoanForeclosure>;

/** A loan as the API answers it; money in rupees, dates YYYY-MM-DD. */
export const ZLoanView = z.object({
  id: z.number(),
  loan_code: z.string(),
  loan_number: z.number(),
  customer_id: z.number(),
  customer_name: z.string(),
  customer_mobile: z.string().nullable(),
  customer_email: z.string(),
  customer_address: z.string().nullable(),
  loan_amount: z.number(),
  per_day_emi: z.number(),
  total_emi_days: z.number(),
  total_repayable: z.number(),
  interest_amount: z.number(),
  start_date: z.string(),
  end_date: z.string(),
  loan_reason: z.string().nullable(),
  payment_method: z.string().nullable(),
  received_by_image: z.string().nullable(),
  status: z.enum(LOAN_STATUSES),
  created_at: z.string(),
  /** The product terms the loan was made with (null: no product, collected every day). */
  product: ZLoanProductTerms.nullable(),
  ...ZLoanForeclosure.shape,
});
export type TLoanView = z.infer<typeof ZLoanView>;

/** The schedule rewrite that moved collected money into credit held: when and by whom. */
export const ZCreditSource = z.object({
  business_date: z.string().nullable(),
  at: z.string(),
  by_name: z.string().nullable(),
});

/**
 * GET /loans/{id}: the loan with its schedule; `credit_held` (rupees) is the loan's credit held, from
 * its ledger rows, with `credit_source` the latest rewrite that added to it; `refund_due` is the
 * credit held of a closed or defaulted loan (0 while it runs).
 */
export const ZLoanDetail = ZLoanView.extend({
  emis: z.array(ZEmiView),
  credit_held: z.number(),
  refund_due: z.number(),
  credit_source: ZCreditSource.nullable(),
});
export type TLoanDetail = z.infer<typeof ZLoanDetail>;

/** GET /loans: one page, totals over the whole filtered set, and the five cards' counts. */
export const ZLoanListResponse = z.object({
  loans: z.array(ZLoanView),
  total: z.number(),
  totalPages: z.number(),
  totalAmount: z.number(),
  counts: z.object({ accepted: z.number(), pending: z.number(), completed: z.number() }),
});
export type TLoanListResponse = z.infer<typeof ZLoanListResponse>;

/** Reasons a foreclosure may give. */
export const FORECLOSURE_REASONS = [
  'Customer Request',
  'Financial Hardship',
  'Business Closure',
  'Relocation',
  'Other',
] as const;

/** POST /loans/{id}/foreclose */
export const ZForecloseRequest = z.object({
  foreclosure_type: z.enum(FORECLOSURE_TYPES, { error: 'Foreclosure type is required' }),
  settlement_amount: z.preprocess(blankToUndefined, ZRupees.optional()),
  reason: z.enum(FORECLOSURE_REASONS, { error: 'Please select a reason' }),
  notes: z.preprocess(blankToUndefined, ZText('notes').trim().max(1000).optional()),
  /** How the foreclosure's cash was received; it is collection of its day with this mode. */
  payment_mode: z.enum(PAYMENT_MODES, { error: 'Unknown payment mode' }).default('cash'),
});
export type TForecloseRequest = z.infer<typeof ZForecloseRequest>;

/** GET /loans/{id}/foreclosure */
export const ZForeclosureDetails = z.object({
  loan_id: z.number(),
  loan_code: z.string(),
  status: z.enum(LOAN_STATUSES),
  pendingEmis: z.number(),
  totalEmiAmount: z.number(),
  totalLateCharges: z.number(),
  /** Credit held the foreclosure consumes first (0 without credit, and after a foreclosure). */
  creditApplied: z.number(),
  /** What is still to pay: the open EMIs' amounts and late charges less the credit applied. */
  totalPendingAmount: z.number(),
  ...ZLoanForeclosure.shape,
});
export type TForeclosureDetails = z.infer<typeof ZForeclosureDetails>;

/** POST /loans (201) and PUT /loans/{id}: the saved loan; `schedule_reset` says an edit rewrote the EMIs. */
export const ZLoanSaved = z.object({
  message: z.string(),
  loan: ZLoanView,
  schedule_reset: z.boolean(),
});
export type TLoanSaved = z.infer<typeof ZLoanSaved>;

/** The success messages of the loan form. */
export const loanMessages = {
  created: 'Loan created successfully',
  updated: 'Loan updated successfully',
  updatedWithReset: 'Loan updated successfully. All EMIs were reset to pending.',
  foreclosed: 'Loan foreclosed successfully',
  terminal: 'Cannot Update - Loan Foreclosed',
} as const;

/** GET /loans/export: the list filters plus the file kind (page and limit are ignored). */
export const ZLoanExportQuery = ZLoanListQuery.extend(
  queryFields({
    export_type: z.enum(['csv', 'pdf'], { error: 'export_type must be csv or pdf' }).default('csv'),
  }),
);
export type TLoanExportQuery = z.infer<typeof ZLoanExportQuery>;

/**
 * A borrower's own loan (GET /loans/my): the loan view plus `tenure` (= total_emi_days)
 * and the date of the earliest pending EMI dated today or later (null when none), for 'Next EMI In'.
 */
export const ZMyLoan = ZLoanView.extend({ tenure: z.number(), next_emi_date: z.string().nullable() });
export type TMyLoan = z.infer<typeof ZMyLoan>;

/** GET /loans/my: a plain array of the caller's loans (the borrower's screens read it so). */
export const ZMyLoansResponse = z.array(ZMyLoan);
export type TMyLoansResponse = z.infer<typeof ZMyLoansResponse>;

/** GET /loans/my/{id} */
export const ZMyLoanDetail = z.object({ loan: ZMyLoan, emis: z.array(ZEmiView) });
export type TMyLoanDetail = z.infer<typeof ZMyLoanDetail>;

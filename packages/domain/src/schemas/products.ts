import { z } from 'zod';
import { WEEKDAYS } from '../calendar/calendar';
import { MAX_LOAN_AMOUNT_PAISE } from '../lending/limits';
import { rupeesToPaise } from '../money/paise';
import { ZDbId, ZQuery } from './common';
import { capped, ZNonNegativeRupees, ZPositiveRupees } from './money';
import { ZCalendarDate, ZText } from './primitives';

export const PRODUCT_NAME_MAX = 80;
/** Tenure bounds a product may set: one to 3,650 instalments, as any loan. */
export const PRODUCT_TENURE_MAX = 3650;

/** The words the product form and the server share. */
export const productMessages = {
  nameRequired: 'Product name is required',
  amountRange: 'The largest amount must be at least the smallest',
  tenureRange: 'The longest tenure must be at least the shortest',
  offDaysAll: 'Leave at least one collection day in the week',
  created: 'Loan product created',
  updated: 'Loan product updated',
} as const;

const ZTenure = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number of instalments` })
    .int(`${label} must be a whole number of instalments`)
    .min(1, `${label} must be at least 1`)
    .max(PRODUCT_TENURE_MAX, `${label} must be at most ${PRODUCT_TENURE_MAX}`);

/** POST /loan-products and PUT /loan-products/{id}: a product's terms in rupees. */
export const ZLoanProductRequest = z
  .object({
    name: ZText('name', { error: productMessages.nameRequired })
      .trim()
      .min(1, productMessages.nameRequired)
      .max(PRODUCT_NAME_MAX, `Product name must be at most ${PRODUCT_NAME_MAX} characters`),
    min_amount: capped(ZPositiveRupees, MAX_LOAN_AMOUNT_PAISE),
    max_amount: capped(ZPositiveRupees, MAX_LOAN_AMOUNT_PAISE),
    /** Per-day EMI per ₹1,000 lent (₹12 → a ₹10,000 loan pays ₹120 a day); null: typed per loan. */
    emi_per_thousand: ZPositiveRupees.nullable().default(null),
    min_tenure_days: ZTenure('Shortest tenure'),
    max_tenure_days: ZTenure('Longest tenure'),
    off_days: z
      .array(z.enum(WEEKDAYS, { error: 'Unknown day of the week' }))
      .max(6, productMessages.offDaysAll)
      .default([])
      .transform((days) => WEEKDAYS.filter((day) => days.includes(day)))
      .refine((days) => days.length < WEEKDAYS.length, productMessages.offDaysAll),
    bounce_charge: ZNonNegativeRupees.default(0),
    processing_fee: capped(ZNonNegativeRupees, MAX_LOAN_AMOUNT_PAISE).default(0),
    /** false archives the product: its loans keep their terms, new loans cannot choose it. */
    is_active: z.boolean().default(true),
  })
  .superRefine((product, ctx) => {
    if (rupeesToPaise(product.max_amount) < rupeesToPaise(product.min_amount))
      ctx.addIssue({ code: 'custom', message: productMessages.amountRange, path: ['max_amount'] });
    if (product.max_tenure_days < product.min_tenure_days)
      ctx.addIssue({ code: 'custom', message: productMessages.tenureRange, path: ['max_tenure_days'] });
  });
export type TLoanProductRequest = z.infer<typeof ZLoanProductRequest>;

/** A loan product as the API answers it: money in rupees. */
export const ZLoanProductView = z.object({
  id: z.number(),
  name: z.string(),
  min_amount: z.number(),
  max_amount: z.number(),
  emi_per_thousand: z.number().nullable(),
  min_tenure_days: z.number(),
  max_tenure_days: z.number(),
  off_days: z.array(z.enum(WEEKDAYS)),
  bounce_charge: z.number(),
  processing_fee: z.number(),
  is_active: z.boolean(),
  /** How many loans were made from it (their terms stay theirs whatever the product becomes). */
  loans: z.number(),
  updated_at: z.string(),
});
export type TLoanProductView = z.infer<typeof ZLoanProductView>;

/** GET /loan-products: every product, active first then by name (a lender has a handful). */
export const ZLoanProductsResponse = z.object({ products: z.array(ZLoanProductView) });
export type TLoanProductsResponse = z.infer<typeof ZLoanProductsResponse>;

/** GET /loan-products?active=: `true` lists only what the Add Loan form may offer. */
export const ZLoanProductsQuery = ZQuery({
  active: z.enum(['true', 'false'], { error: "active must be 'true' or 'false'" }).optional(),
});

/** The product terms a loan copied when it was made, as Loan Details shows them. */
export const ZLoanProductTerms = z.object({
  id: z.number(),
  name: z.string(),
  off_days: z.array(z.enum(WEEKDAYS)),
  bounce_charge: z.number(),
  processing_fee: z.number(),
  emi_per_thousand: z.number().nullable(),
});
export type TLoanProductTerms = z.infer<typeof ZLoanProductTerms>;

/** POST /loan-products and PUT /loan-products/{id}: the product as saved. */
export const ZLoanProductSaved = z.object({ message: z.string(), product: ZLoanProductView });
export type TLoanProductSaved = z.infer<typeof ZLoanProductSaved>;

/**
 * GET /loan-products/{id}/schedule-end: the last EMI's date of a loan from this product starting on
 * `start_date` with `total_emi_days` instalments, under its off-days and the holiday list today (the
 * Add Loan form shows it as the end date).
 */
export const ZScheduleEndQuery = ZQuery({
  start_date: z
    .any()
    .refine((value) => value !== undefined, 'start_date is required')
    .pipe(ZCalendarDate()),
  total_emi_days: z
    .any()
    .refine((value) => value !== undefined, 'total_emi_days is required')
    .pipe(
      z.coerce
        .number({ error: 'total_emi_days must be a whole number' })
        .int()
        .min(1)
        .max(PRODUCT_TENURE_MAX),
    ),
  /** The loan being edited: when it was made from this product, its own copied off-days count. */
  loan_id: ZDbId('Invalid loan').optional(),
});
export const ZScheduleEndResponse = z.object({ end_date: z.string() });
export type TScheduleEndResponse = z.infer<typeof ZScheduleEndResponse>;

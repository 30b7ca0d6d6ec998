import { z } from 'zod';
import { EMI_STATUSES, PAYMENT_TYPES } from '../lending/types';
import { isIsoDate } from '../time/ist';
import { ZDbId } from './common';
import { ZNonNegativeRupees, ZPositiveRupees } from './money';

/** How money reached the lender (spec/2 §3); cash is the default. */
export const PAYMENT_MODES = ['cash', 'upi', 'bank_transfer', 'cheque', 'card', 'other'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** The bounce reason the due list sends; the loan screen's default is 'Payment failed'. */
export const DEFAULT_BOUNCE_REASON = 'Payment failed';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * POST /emi/pay/{loanId}/{emiNumber}. `payment_amount` is needed for partial payments only;
 * `late_charge_amount` (≥ 0) is an extra charge levied at collection and collected with a full payment.
 */
export const ZPayEmiRequest = z.object({
  loan_id: ZDbId().optional(),
  emi_number: ZDbId().optional(),
  payment_amount: z.preprocess(blankToUndefined, ZPositiveRupees.optional()),
  payment_mode: z.enum(PAYMENT_MODES, { error: 'Unknown payment mode' }).default('cash'),
  payment_type: z.enum(PAYMENT_TYPES, { error: 'Unknown payment type' }).default('full'),
  late_charge_amount: z.preprocess(blankToUndefined, ZNonNegativeRupees.optional()),
  notes: z.string().trim().max(500).optional(),
});
export type TPayEmiRequest = z.infer<typeof ZPayEmiRequest>;

/** POST /emi/bounce/{loanId}/{emiNumber}; `late_charges` is the bounce charge (≥ 0). */
export const ZBounceEmiRequest = z.object({
  loan_id: ZDbId().optional(),
  emi_number: ZDbId().optional(),
  emi_amount: z.preprocess(blankToUndefined, ZNonNegativeRupees.optional()),
  late_charges: z.preprocess(blankToUndefined, ZNonNegativeRupees.optional()),
  reason: z.string().trim().max(200).default(DEFAULT_BOUNCE_REASON),
  notes: z.string().trim().max(500).default(''),
});
export type TBounceEmiRequest = z.infer<typeof ZBounceEmiRequest>;

/** POST /loans/{id}/clear-charges (must equal the latest late charge) and POST /loans/emi/{id}/clear-charges (> 0). */
export const ZClearChargesRequest = z.object({
  amount: ZPositiveRupees,
  reason: z.string().trim().max(200).optional(),
});
export type TClearChargesRequest = z.infer<typeof ZClearChargesRequest>;

/** GET (query) or POST (JSON) /loans/update-payment-date; `emiKey` is the EMI's id or its number. */
export const ZUpdatePaymentDateRequest = z.object({
  loanId: ZDbId('Loan ID is missing'),
  emiKey: ZDbId('Missing loan or EMI information'),
  payment_date: z
    .string({ error: 'Please select a payment date' })
    .trim()
    .min(1, 'Please select a payment date')
    .refine(isIsoDate, 'Please select a valid date'),
});
export type TUpdatePaymentDateRequest = z.infer<typeof ZUpdatePaymentDateRequest>;

/** What a payment answers and the receipt shows (spec/2 §3 Receipt); money in rupees. */
export const ZReceipt = z.object({
  loan_id: z.number(),
  loan_code: z.string(),
  emi_number: z.number(),
  payment_date: z.string(),
  due_date: z.string(),
  amount: z.number(),
  late_charge: z.number(),
  amount_collected: z.number(),
  payment_type: z.enum(PAYMENT_TYPES),
  payment_mode: z.enum(PAYMENT_MODES),
  partial_payment_amount: z.number().nullable(),
  remaining_balance: z.number(),
  collected_by: z.string().nullable(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

/** GET /loans/emis/due (and its export): one day's EMIs; `_t` (cache-busting) is accepted and ignored. */
export const ZDueEmisQuery = z.object({
  date: z.preprocess(
    blankToUndefined,
    z.string().refine(isIsoDate, 'Date must be a valid YYYY-MM-DD date').optional(),
  ),
  search: z.string().trim().max(100).optional(),
  status: z.preprocess(
    blankToUndefined,
    z.enum(EMI_STATUSES, { error: 'Unknown EMI status' }).default('pending'),
  ),
  _t: z.string().optional(),
  timestamp: z.string().optional(),
});
export type TDueEmisQuery = z.infer<typeof ZDueEmisQuery>;

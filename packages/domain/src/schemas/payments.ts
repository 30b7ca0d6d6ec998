import { z } from 'zod';
import { PAYMENT_TYPES, RECORDED_PAYMENT_MODES } from '../lending/types';
import { ZDbId, ZPageQuery, ZQuery, ZQueryInteger } from './common';

/** The most payments one page of a loan's payment history may ask for. */
export const MAX_PAYMENTS_PER_PAGE = 100;

/** GET /loans/{loanId}/payments: one page of a loan's payment records, newest first. */
export const ZLoanPaymentsQuery = ZQuery({
  page: ZPageQuery,
  limit: ZQueryInteger('limit', 1, MAX_PAYMENTS_PER_PAGE, 20),
});
export type TLoanPaymentsQuery = z.infer<typeof ZLoanPaymentsQuery>;

export const ZLoanPaymentsParams = z.object({ loanId: ZDbId('Invalid loan id') });

/**
 * One payment record of a loan, with its receipt's id. `amount_collected` (rupees) is what its ledger
 * rows say was collected (cash, or credit for mode 'credit'); `business_date` the IST day the money
 * moved, `payment_date` the receipt's date (editable). `emi_replaced` is true once a schedule rewrite
 * replaced the EMI it paid: its receipt still stands.
 */
export const ZLoanPayment = z.object({
  payment_id: z.number(),
  emi_number: z.number(),
  emi_replaced: z.boolean(),
  payment_date: z.string(),
  business_date: z.string(),
  paid_at: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  payment_mode: z.enum(RECORDED_PAYMENT_MODES),
  amount_collected: z.number(),
  collected_by: z.string(),
});
export type TLoanPayment = z.infer<typeof ZLoanPayment>;

export const ZLoanPaymentsResponse = z.object({
  results: z.array(ZLoanPayment),
  count: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
export type TLoanPaymentsResponse = z.infer<typeof ZLoanPaymentsResponse>;

import { z } from 'zod';
import { CREDIT_BANDS } from '../lending/credit-score';
import { BOUNCE_RECORD_STATUSES, CREDIT_EVENT_TYPES } from '../lending/types';
import { ZDbId, ZPageQuery, ZQuery, ZQueryInteger } from './common';
import { ZCalendarDate, ZSearch } from './primitives';

/** GET /loans/bounced-emis (and /emi/bounced/export); Date To may not precede Date From. */
export const ZBouncedEmisQuery = ZQuery({
  page: ZPageQuery,
  limit: ZQueryInteger('limit', 1, 1000, 20),
  search: ZSearch,
  agentId: ZDbId('Invalid agent').optional(),
  dateFrom: ZCalendarDate().optional(),
  dateTo: ZCalendarDate().optional(),
}).refine((query) => !query.dateFrom || !query.dateTo || query.dateTo >= query.dateFrom, {
  message: 'Date To cannot be before Date From',
  path: ['dateTo'],
});
export type TBouncedEmisQuery = z.infer<typeof ZBouncedEmisQuery>;

/** A bounced EMI; `status` is its bounced record's: bounced (still owed), recovered, waived or written_off. */
export const ZBouncedEmi = z.object({
  id: z.number(),
  loan_id: z.number(),
  emi_number: z.number(),
  emi_date: z.string(),
  amount: z.number(),
  late_charge: z.number(),
  status: z.enum(BOUNCE_RECORD_STATUSES),
  bounce_count: z.number(),
  bounced_at: z.string(),
  bounced_reason: z.string().nullable(),
  notes: z.string().nullable(),
  collector: z.object({ name: z.string(), mobile: z.string().nullable() }).nullable(),
  Loan: z.object({
    loan_number: z.number(),
    loan_code: z.string(),
    loan_amount: z.number(),
    customer: z.object({ name: z.string(), mobile: z.string().nullable() }),
  }),
});
export type TBouncedEmi = z.infer<typeof ZBouncedEmi>;

export const ZBouncedEmisResponse = z.object({
  emis: z.array(ZBouncedEmi),
  total: z.number(),
  totalPages: z.number(),
});
export type TBouncedEmisResponse = z.infer<typeof ZBouncedEmisResponse>;

/**
 * GET /loans/bounced-emis/stats: the cards over every EMI the list's filters match. `pendingRecovery`
 * counts only records still `bounced`; `totalBounced` = pendingRecovery + recovered + waived + writtenOff.
 */
export const ZBouncedEmiStats = z.object({
  totalBounced: z.number(),
  pendingRecovery: z.number(),
  recovered: z.number(),
  waived: z.number(),
  writtenOff: z.number(),
  totalAmount: z.number(),
});
export type TBouncedEmiStats = z.infer<typeof ZBouncedEmiStats>;

export const REPORT_SORT_FIELDS = ['created_at', 'customer_name', 'event_type', 'amount'] as const;

/** GET /reports (credit events); default newest first. */
export const ZReportsQuery = ZQuery({
  page: ZPageQuery,
  limit: ZQueryInteger('limit', 1, 1000, 10),
  search: ZSearch,
  sort_by: z.enum(REPORT_SORT_FIELDS, { error: 'Unknown sort field' }).default('created_at'),
  sort_direction: z.enum(['asc', 'desc'], { error: 'Sort direction must be asc or desc' }).default('desc'),
  customer_id: ZDbId('Invalid customer').optional(),
});
export type TReportsQuery = z.infer<typeof ZReportsQuery>;

/** GET /reports/export: the list's search and customer; every match, newest first, so no page or sort. */
export const ZReportsExportQuery = ZReportsQuery.pick({ search: true, customer_id: true });
export type TReportsExportQuery = z.infer<typeof ZReportsExportQuery>;

/** Credit events counted by kind over every match of the filters (the stat cards). */
export const ZCreditEventCounts = z.object({
  paidOnTime: z.number(),
  paidLate: z.number(),
  bounced: z.number(),
});

/** A credit event. */
export const ZCreditEvent = z.object({
  id: z.number(),
  event_type: z.enum(CREDIT_EVENT_TYPES),
  created_at: z.string(),
  customer_id: z.number(),
  customer_name: z.string(),
  loan_code: z.string(),
  emi_number: z.number(),
  emi_amount: z.number(),
  amount: z.number(),
  bounced_amount: z.number().nullable(),
  bounce_reason: z.string().nullable(),
  bounce_sequence: z.number().nullable(),
  charges_applied: z.number().nullable(),
  bounce_date: z.string().nullable(),
});
export type TCreditEvent = z.infer<typeof ZCreditEvent>;

export const ZReportsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    reports: z.array(ZCreditEvent),
    totalPages: z.number(),
    total: z.number(),
    counts: ZCreditEventCounts,
  }),
});
export type TReportsResponse = z.infer<typeof ZReportsResponse>;

/** GET /reports/score?customer_id= */
export const ZCreditScoreQuery = ZQuery({
  customer_id: z
    .any()
    .refine((id) => id !== undefined, 'customer_id is required')
    .pipe(ZDbId('Invalid customer')),
});

/** GET /reports/score?customer_id= :'s score with its inputs, for the score card. */
export const ZCreditScoreResponse = z.object({
  customer_id: z.number(),
  customer_name: z.string(),
  score: z.number(),
  band: z.enum(CREDIT_BANDS),
  bounceRate: z.number(),
  latePaymentRate: z.number(),
  paymentHistoryRate: z.number(),
  paidOnTime: z.number(),
  paidLate: z.number(),
  bounced: z.number(),
  emisDueSoFar: z.number(),
  bouncesLast30Days: z.number(),
});
export type TCreditScoreResponse = z.infer<typeof ZCreditScoreResponse>;

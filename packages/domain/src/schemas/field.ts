import { z } from 'zod';
import { MAX_CHARGE_PAISE } from '../lending/limits';
import { EMI_STATUSES } from '../lending/types';
import { formatRupees, type Paise } from '../money/paise';
import { isIsoDate, istStartOfDay } from '../time/ist';
import { ZDbId, ZPageQuery, ZQuery, ZQueryInteger } from './common';
import { PAYMENT_MODES, ZCollectedAt, ZReceipt } from './emis';
import { capped, ZNonNegativeRupees, ZPositiveRupees } from './money';
import { DATE_MAX, DATE_MIN, isDateInRange, ZSearch } from './primitives';

/** The agent dashboard's overdue list loads up to this many rows a page. */
export const AGENT_OVERDUE_PAGE_SIZE = 1000;
/** Days ahead the Upcoming EMIs table covers. */
export const UPCOMING_EMI_DAYS = 3;

/**
 * GET /loans/dashboard/agent; `agentId` lets an admin or superadmin look at one agent's book (an
 * agent always sees their own customers only, whatever agentId says).
 */
export const ZAgentOverdueQuery = ZQuery({
  page: ZPageQuery,
  limit: ZQueryInteger('limit', 1, AGENT_OVERDUE_PAGE_SIZE, AGENT_OVERDUE_PAGE_SIZE),
  search: ZSearch,
  customerId: ZDbId('Invalid customer').optional(),
  agentId: ZDbId('Invalid agent').optional(),
});
export type TAgentOverdueQuery = z.infer<typeof ZAgentOverdueQuery>;

/** One overdue EMI (open, dated before today IST) of an approved loan. */
export const ZOverdueEmiRow = z.object({
  loan_id: z.number(),
  loan_code: z.string(),
  customer_id: z.number(),
  customer_name: z.string(),
  customer_mobile: z.string().nullable(),
  emi_number: z.number(),
  emi_date: z.string(),
  status: z.enum(EMI_STATUSES),
  amount: z.number(),
  late_charge: z.number(),
});
export type TOverdueEmiRow = z.infer<typeof ZOverdueEmiRow>;

/**
 * One page of overdue EMIs; totalCount, overdueLoans (loans with an overdue EMI) and totalDue (Σ amount
 * + late charge, rupees) are over every match, so the dashboard's cards never add up a page.
 */
export const ZAgentOverdueResponse = z.object({
  results: z.array(ZOverdueEmiRow),
  totalCount: z.number(),
  overdueLoans: z.number(),
  totalDue: z.number(),
});
export type TAgentOverdueResponse = z.infer<typeof ZAgentOverdueResponse>;

/**
 * GET /loans/dashboard/agent/upcoming?days=3: pending EMIs dated today … today + days − 1 (IST), so
 * the default covers today, tomorrow and the day after.
 */
export const ZUpcomingQuery = ZQuery({
  days: ZQueryInteger('days', 1, 31, UPCOMING_EMI_DAYS),
  agentId: ZDbId('Invalid agent').optional(),
});
export type TUpcomingQuery = z.infer<typeof ZUpcomingQuery>;

export const ZUpcomingEmi = z.object({
  loan_id: z.number(),
  loan_code: z.string(),
  customer_name: z.string(),
  customer_mobile: z.string().nullable(),
  emi_number: z.number(),
  emi_date: z.string(),
  amount: z.number(),
});
export type TUpcomingEmi = z.infer<typeof ZUpcomingEmi>;

export const ZUpcomingResponse = z.object({ results: z.array(ZUpcomingEmi) });
export type TUpcomingResponse = z.infer<typeof ZUpcomingResponse>;

/** POST /emis/pay-overdue: collect every overdue EMI of one loan, oldest first, in one transaction. */
export const ZPayOverdueRequest = z.object({
  loan_id: ZDbId('Invalid loan'),
  payment_mode: z.enum(PAYMENT_MODES, { error: 'Unknown payment mode' }).default('cash'),
  late_charge_amount: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    capped(ZNonNegativeRupees, MAX_CHARGE_PAISE).optional(),
  ),
  /** What the collector took (rupees, late charge included); sent, it must be what is due now, else 400. */
  expected_total: ZPositiveRupees.optional(),
  collected_at: ZCollectedAt,
});
export type TPayOverdueRequest = z.infer<typeof ZPayOverdueRequest>;

/** The success message of an overdue collection. */
export const fieldMessages = {
  overdueCollected: (count: number, collected: Paise) =>
    `${count} overdue EMI${count === 1 ? '' : 's'} collected: ${formatRupees(collected, collected % 100 === 0 ? 0 : 2)}.`,
  endBeforeStart: 'End date cannot be before start date',
} as const;

export const ZPayOverdueResponse = z.object({
  message: z.string(),
  total_collected: z.number(),
  receipts: z.array(ZReceipt),
});
export type TPayOverdueResponse = z.infer<typeof ZPayOverdueResponse>;

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Kolkata, as the collections report sends its range. */
export const IST_DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * The instant an Asia/Kolkata 'YYYY-MM-DD HH:mm:ss' names, or null when it names none (a malformed
 * text, 2026-02-30, 24:00:00).
 */
export const istDateTimeToInstant = (text: string): Date | null => {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [, date = '', hours, minutes, seconds] = match;
  const [h, m, s] = [hours, minutes, seconds].map(Number) as [number, number, number];
  if (!isIsoDate(date) || h > 23 || m > 59 || s > 59) return null;
  return new Date(istStartOfDay(date).getTime() + ((h * 60 + m) * 60 + s) * 1000);
};

const ZIstDateTime = (name: string) =>
  z
    .string()
    .regex(IST_DATETIME_PATTERN, `${name} must be 'YYYY-MM-DD HH:mm:ss'`)
    .refine((text) => istDateTimeToInstant(text) !== null, {
      error: `${name} is not a valid date and time`,
      abort: true,
    })
    .refine(
      (text) => isDateInRange(text.slice(0, 10)),
      `${name} must be between ${DATE_MIN} 00:00:00 and ${DATE_MAX} 23:59:59`,
    )
    .optional();

/**
 * Which records the collections report lists: `all` (payments, foreclosures, refunds and bounces),
 * `cash` (the ledger's cash rows only: collections and refunds, what the income figures sum) or
 * `collected` (the ledger's money in only: no refunds, no bounces).
 */
export const COLLECTION_KINDS = ['all', 'cash', 'collected'] as const;
export type TCollectionKind = (typeof COLLECTION_KINDS)[number];

/**
 * GET /loans/agent/collection-report. startDate/endDate are written as moments in Asia/Kolkata, but the
 * report selects by business day, so each selects its whole day (both included); endDate before
 * startDate is a 400 ('End date cannot be before start date').
 */
export const ZCollectionReportQuery = ZQuery({
  page: ZPageQuery,
  limit: ZQueryInteger('limit', 1, 1000, 20),
  search: ZSearch,
  startDate: ZIstDateTime('startDate'),
  endDate: ZIstDateTime('endDate'),
  agentId: ZDbId('Invalid agent').optional(),
  kind: z.enum(COLLECTION_KINDS, { error: 'kind must be all, cash or collected' }).default('all'),
});
export type TCollectionReportQuery = z.infer<typeof ZCollectionReportQuery>;

/** GET /loans/agent/collection-report/export: the report's filters; every match, so no page. */
export const ZCollectionExportQuery = ZCollectionReportQuery.omit({ page: true, limit: true });
export type TCollectionExportQuery = z.infer<typeof ZCollectionExportQuery>;

const ZPerson = z.object({ id: z.number(), name: z.string(), mobile: z.string().nullable() });

/** One collection, refund or bounce, read from the ledger. */
export const ZCollectionRecord = z.object({
  status: z.enum(['paid', 'bounced']),
  paid_at: z.string().nullable(),
  bounced_at: z.string().nullable(),
  collector: ZPerson,
  customer: ZPerson,
  loan_code: z.string(),
  loan_number: z.number(),
  /** The EMI paid or bounced; null for a foreclosure or a refund (loan-wide). */
  emi_number: z.number().nullable(),
  /**
   * 'emi' for a payment or bounce of one EMI, 'foreclosure' for a foreclosure's collection, 'refund'
   * for credit held paid back (status 'paid', amount negative: cash out, netted in every total),
   * 'credit_held' for cash a collector took that could not be applied, kept as the loan's credit held.
   */
  record_type: z.enum(['emi', 'foreclosure', 'refund', 'credit_held']),
  /** The IST business day the money moved (or the bounce was recorded): what the range selects. */
  business_date: z.string(),
  payment_mode: z.string().nullable(),
  amount: z.number(),
  /**
   * What a ledger record's amount is made of: instalment money (a refund's negative), charges
   * collected, and the interest share of the instalment money (fixed on each row when written). Null on
   * bounces and on payments recorded before the ledger named them.
   */
  instalment: z.number().nullable(),
  charges: z.number().nullable(),
  interest_share: z.number().nullable(),
  /** The phone's time of a collection made offline and synced later; null when recorded online. */
  collected_at: z.string().nullable(),
  /** Collected on an earlier IST day than the business day it was booked on (synced late). */
  synced_late: z.boolean(),
});
export type TCollectionRecord = z.infer<typeof ZCollectionRecord>;

/** One row of the Agent Daily Collection Summary (IST calendar day × collector). */
export const ZDailyCollectionSummary = z.object({
  date: z.string(),
  agent: ZPerson,
  totalCollected: z.number(),
  totalBounced: z.number(),
  emisCollected: z.number(),
  emisBounced: z.number(),
});

/** The collections report, plus the daily summary per agent. */
export const ZCollectionReportResponse = z.object({
  results: z.array(ZCollectionRecord),
  count: z.number(),
  totalPages: z.number(),
  page: z.number(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  grandTotalPaidAmount: z.number(),
  grandTotalBouncedAmount: z.number(),
  grandTotalBouncedCount: z.number(),
  /**
   * Over every ledger record of the filter: instalment money net of refunds, charges collected, the
   * interest share (refunds negative), the principal share (instalment − interest) and income
   * (interest + charges). The dashboard's recovery and income figures are these over `kind=cash`.
   */
  grandTotalInstalment: z.number(),
  grandTotalCharges: z.number(),
  grandTotalInterest: z.number(),
  grandTotalPrincipal: z.number(),
  grandTotalRevenue: z.number(),
  filteredTotalAmount: z.number(),
  hasFilters: z.boolean(),
  uniqueAgents: z.number(),
  uniqueCustomers: z.number(),
  grandUniqueAgents: z.number(),
  grandUniqueCustomers: z.number(),
  dailySummary: z.array(ZDailyCollectionSummary),
});
export type TCollectionReportResponse = z.infer<typeof ZCollectionReportResponse>;

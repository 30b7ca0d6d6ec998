import { z } from 'zod';
import { listQueryFields, ZQuery } from './common';
import { ZAsOf } from './dashboard';

/** The list behind the Interest panel's "Expected this month": 50 EMIs a page. */
export const EXPECTED_INTEREST_PAGE_SIZE = 50;

/** Which lent loans the list takes: all of them (the figure's set) or one status. */
export const EXPECTED_INTEREST_LOAN_STATUSES = ['lent', 'approved', 'closed', 'default'] as const;
export type TExpectedInterestLoanStatus = (typeof EXPECTED_INTEREST_LOAN_STATUSES)[number];

export const expectedInterestMessages = {
  month: 'month must be a calendar month as YYYY-MM between 2000-01 and 2099-12',
  status: `status must be one of ${EXPECTED_INTEREST_LOAN_STATUSES.join(', ')}`,
} as const;

/** `YYYY-MM` of the years the product deals in (2000–2099). */
const MONTH_PATTERN = /^20\d\d-(0[1-9]|1[0-2])$/;

/** GET /stats/interest-metrics/emis query: `month` defaults to this IST month, `status` to every lent loan. */
export const ZExpectedInterestQuery = ZQuery({
  ...listQueryFields(EXPECTED_INTEREST_PAGE_SIZE),
  month: z
    .string({ error: expectedInterestMessages.month })
    .regex(MONTH_PATTERN, expectedInterestMessages.month)
    .optional(),
  status: z.enum(EXPECTED_INTEREST_LOAN_STATUSES, { error: expectedInterestMessages.status }).default('lent'),
});
export type TExpectedInterestQuery = z.infer<typeof ZExpectedInterestQuery>;

/** One EMI the month's expected interest counts, with its part of that interest. */
export const ZExpectedInterestRow = z.object({
  emi_id: z.number().int(),
  loan_id: z.number().int(),
  loan_code: z.string(),
  customer_name: z.string(),
  loan_status: z.string(),
  emi_number: z.number().int(),
  emi_date: z.string(),
  emi_status: z.string(),
  /** The EMI's scheduled amount, rupees. */
  amount: z.number(),
  /** The EMI's part of its loan's expected interest this month, rupees (see docs/dashboard.md). */
  interest_share: z.number(),
  /** The loan's flat rate: its interest over its principal, percent (two decimals). */
  loan_rate: z.number(),
});
export type TExpectedInterestRow = z.infer<typeof ZExpectedInterestRow>;

/** GET /stats/interest-metrics/emis: a page of the month's EMIs and the totals of the whole filter. */
export const ZExpectedInterestPage = z.object({
  month: z.string(),
  rows: z.array(ZExpectedInterestRow),
  page: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  totals: z.object({
    /** Σ scheduled amount of the filter's EMIs, rupees. */
    scheduled: z.number(),
    /** Σ interest share: with the default filter, the dashboard's "Expected this month". */
    expectedInterest: z.number(),
    /** Loans with EMIs in the filter, their principal and interest (rupees) and Σ interest ÷ Σ principal in percent. */
    loans: z.number().int(),
    principal: z.number(),
    interest: z.number(),
    averageRate: z.number(),
    /** Interest share collected in the month and its ratio to the expected, over the whole book: null when a search or status narrows the list. */
    collectedInterest: z.number().nullable(),
    collectedVsExpected: z.number().nullable(),
  }),
  /** When the collected interest was last brought up to date; null when the totals name none. */
  as_of: ZAsOf,
});
export type TExpectedInterestPage = z.infer<typeof ZExpectedInterestPage>;

import { z } from 'zod';

/** Rupees as the dashboard answers them: a number with at most two decimals. */
const rupees = z.number();
const count = z.number().int().nonnegative();

/**
 * The moment the answer's money figures are exact as of (ISO 8601): every payment committed before it
 * is in them. Null where an answer carries no such figure.
 */
export const ZAsOf = z.string().nullable();

/** `GET /loans/admin-dashboard`: the book's figures, from the ledger and the EMI table (see docs/dashboard.md). */
export const ZAdminDashboard = z.object({
  totalPrincipal: rupees,
  amountRecovered: rupees,
  principalRecovered: rupees,
  interestEarned: rupees,
  totalPenalties: rupees,
  totalCollectedToday: rupees,
  todaysEmisCount: count,
  todaysUnpaidEmisCount: count,
  todaysUnpaidEmisAmount: rupees,
  allPendingEmisCount: count,
  allPendingEmisAmount: rupees,
  overdueEmisCount: count,
  overdueEmisAmount: rupees,
  averageAmountToBeCollectedToday: rupees,
  monthlyLoanAmount: rupees,
  monthlyLoanCount: count,
  as_of: ZAsOf,
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;

/** A count this IST month against last month. */
export const ZMonthlyCount = z.object({ currentMonthCount: count, lastMonthCount: count });
export type TMonthlyCount = z.infer<typeof ZMonthlyCount>;

/** `GET /stats/revenue`: the lender's income so far (interest earned + charges collected). */
export const ZRevenue = z.object({
  totalRevenue: rupees,
  interestEarned: rupees,
  penaltiesCollected: rupees,
  as_of: ZAsOf,
});
export type TRevenue = z.infer<typeof ZRevenue>;

/** `GET /stats/revenue/monthly`: income booked this IST month and last month. */
export const ZMonthlyRevenue = z.object({ currentMonth: rupees, lastMonth: rupees, as_of: ZAsOf });

/** An amount this IST month and last month (the Expenses card). */
export const ZMonthAmounts = z.object({ currentMonth: rupees, lastMonth: rupees });
export type TMonthAmounts = z.infer<typeof ZMonthAmounts>;
export type TMonthlyRevenue = z.infer<typeof ZMonthlyRevenue>;

/** `GET /stats/interest-metrics`. */
export const ZInterestMetrics = z.object({
  interestCollectedThisMonth: rupees,
  expectedInterest: rupees,
  /** Σ interest ÷ Σ principal of the loans whose EMIs make expectedInterest, in percent (two decimals). */
  avgInterestRate: z.number(),
  paidInterest: rupees,
  /** interestCollectedThisMonth ÷ expectedInterest in percent; 0 when nothing was expected. */
  collectedVsExpected: z.number(),
  as_of: ZAsOf,
});
export type TInterestMetrics = z.infer<typeof ZInterestMetrics>;

/** `GET /loans/financial-health`: open instalments and charges due in the next 30, 60 and 90 days. */
export const ZFinancialHealth = z.object({ inflow30: rupees, inflow60: rupees, inflow90: rupees });
export type TFinancialHealth = z.infer<typeof ZFinancialHealth>;

/** What every recent-activity item about a loan names: the row and the loan's code and customer. */
const loanActivityFields = {
  id: z.number().int(),
  loan_code: z.string(),
  customer_name: z.string(),
};
/** What a recent payment and a recent bounce share: the loan they hit and the amount. */
const emiActivityFields = {
  ...loanActivityFields,
  loan_id: z.number().int(),
  amount: rupees,
};
const ZRecentLoan = z.object({
  ...loanActivityFields,
  loan_amount: rupees,
  status: z.string(),
  created_at: z.string(),
});
const ZRecentPayment = z.object({
  ...emiActivityFields,
  emi_number: z.number().int().nullable(),
  payment_mode: z.string().nullable(),
  collected_by: z.string().nullable(),
  paid_at: z.string(),
  updated_at: z.string(),
});
const ZRecentBounce = z.object({
  ...emiActivityFields,
  emi_number: z.number().int(),
  reason: z.string().nullable(),
  bounced_at: z.string(),
});
const ZRecentUser = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  created_at: z.string(),
});

/** The most items each recent-activity source answers; the dashboard merges them and shows 8. */
export const RECENT_ACTIVITY_LIMIT = 8;

/** `GET /loans/dashboard/admin/recent-activities`: the newest of each kind, newest first. */
export const ZRecentActivities = z.object({
  recentLoans: z.array(ZRecentLoan),
  recentPayments: z.array(ZRecentPayment),
  recentBounces: z.array(ZRecentBounce),
  recentUsers: z.array(ZRecentUser),
});
export type TRecentActivities = z.infer<typeof ZRecentActivities>;

/** How a checked part of the installation is doing. */
export const SERVICE_STATES = ['operational', 'degraded', 'down'] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];

/** `GET /stats/system/status`: real checks, each with what it measured. */
export const ZSystemStatus = z.object({
  overall: z.enum(SERVICE_STATES),
  checked_at: z.string(),
  services: z.array(
    z.object({
      name: z.string(),
      status: z.enum(SERVICE_STATES),
      /** Human-readable: how long it has been up, or what the check measured. */
      uptime: z.string(),
      detail: z.string(),
      response_time_ms: z.number().nullable(),
    }),
  ),
});
export type TSystemStatus = z.infer<typeof ZSystemStatus>;

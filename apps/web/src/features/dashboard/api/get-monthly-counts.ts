import type { TMonthAmounts, TMonthlyCount, TMonthlyRevenue } from '@lending/domain';
import { useDashboardFigure } from './dashboard-query';

const NO_COUNTS: TMonthlyCount = { currentMonthCount: 0, lastMonthCount: 0 };
const NO_REVENUE: TMonthlyRevenue = { currentMonth: 0, lastMonth: 0, as_of: null };
const NO_AMOUNTS: TMonthAmounts = { currentMonth: 0, lastMonth: 0 };

/** GET /users/stats/monthly: borrowers who joined this month and last. */
export const useBorrowersMonthly = () => useDashboardFigure('/users/stats/monthly', NO_COUNTS);
/** GET /users/stats/agents/monthly. */
export const useAgentsMonthly = () => useDashboardFigure('/users/stats/agents/monthly', NO_COUNTS);
/** GET /stats/loans/approved/monthly: lent loans starting this month and last. */
export const useApprovedLoansMonthly = () => useDashboardFigure('/stats/loans/approved/monthly', NO_COUNTS);
/** GET /stats/revenue/monthly: income this month and last. */
export const useRevenueMonthly = () => useDashboardFigure('/stats/revenue/monthly', NO_REVENUE);
/** GET /stats/expenses/monthly: expenses this month and last. */
export const useExpensesMonthly = () => useDashboardFigure('/stats/expenses/monthly', NO_AMOUNTS);

import type { TExpenseDashboard, TFinancialHealth, TInterestMetrics, TRevenue } from '@lending/domain';
import { useDashboardFigure } from './dashboard-query';

type TTotal = { total: number };
type TLoanTotals = TTotal & {
  totalAmount: number;
  counts: { accepted: number; pending: number; completed: number };
};

/** GET /users?role=user → {total}; one row is enough for the count. */
export const useBorrowerTotal = () =>
  useDashboardFigure<TTotal>('/users', { total: 0 }, { role: 'user', limit: 1 });
/** GET /users?role=agent → {total}. */
export const useAgentTotal = () =>
  useDashboardFigure<TTotal>('/users', { total: 0 }, { role: 'agent', limit: 1 });
/** GET /loans?status=approved → {total}. */
export const useApprovedLoanTotal = () =>
  useDashboardFigure<TTotal>('/loans', { total: 0 }, { status: 'approved', limit: 1 });
/** GET /loans: the whole list's counts by stage and its total amount, for the Loans panel. */
export const useLoanTotals = () =>
  useDashboardFigure<TLoanTotals>(
    '/loans',
    { total: 0, totalAmount: 0, counts: { accepted: 0, pending: 0, completed: 0 } },
    { limit: 1 },
  );
/** GET /stats/revenue. */
export const useRevenue = () =>
  useDashboardFigure<TRevenue>('/stats/revenue', {
    totalRevenue: 0,
    interestEarned: 0,
    penaltiesCollected: 0,
    as_of: null,
  });
/** GET /stats/interest-metrics. */
export const useInterestMetrics = () =>
  useDashboardFigure<TInterestMetrics>('/stats/interest-metrics', {
    interestCollectedThisMonth: 0,
    expectedInterest: 0,
    avgInterestRate: 0,
    paidInterest: 0,
    collectedVsExpected: 0,
    as_of: null,
  });
/** GET /loans/financial-health: the cash-flow projection. */
export const useFinancialHealth = () =>
  useDashboardFigure<TFinancialHealth>('/loans/financial-health', { inflow30: 0, inflow60: 0, inflow90: 0 });
/** GET /todos/stats. */
export const useTodoStats = () =>
  useDashboardFigure<{ total: number; completed: number; pending: number }>('/todos/stats', {
    total: 0,
    completed: 0,
    pending: 0,
  });
/** GET /expenses/dashboard: this month's spending for the Expenses panel. */
export const useExpenseSummary = () =>
  useDashboardFigure<TExpenseDashboard>('/expenses/dashboard', {
    totalExpenses: 0,
    totalAmount: 0,
    averageAmount: 0,
    thisMonthAmount: 0,
    thisMonthCount: 0,
    lastMonthAmount: 0,
  });

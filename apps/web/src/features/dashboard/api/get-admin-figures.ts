import type { TAdminDashboard } from '@lending/domain';
import { useDashboardFigure } from './dashboard-query';

const NONE: TAdminDashboard = {
  totalPrincipal: 0,
  amountRecovered: 0,
  principalRecovered: 0,
  interestEarned: 0,
  totalPenalties: 0,
  totalCollectedToday: 0,
  todaysEmisCount: 0,
  todaysUnpaidEmisCount: 0,
  todaysUnpaidEmisAmount: 0,
  allPendingEmisCount: 0,
  allPendingEmisAmount: 0,
  overdueEmisCount: 0,
  overdueEmisAmount: 0,
  averageAmountToBeCollectedToday: 0,
  monthlyLoanAmount: 0,
  monthlyLoanCount: 0,
  as_of: null,
};

/** GET /loans/admin-dashboard: the book's figures (zeros until it answers, or if it fails). */
export const useAdminFigures = () => useDashboardFigure<TAdminDashboard>('/loans/admin-dashboard', NONE);

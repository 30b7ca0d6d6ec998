import type { TRecentActivities, TSystemStatus } from '@lending/domain';
import { useQuery } from '@tanstack/react-query';
import { dashboardQueryOptions } from './dashboard-query';

/** GET /loans/dashboard/admin/recent-activities: its own loading, error and empty states. */
export const useRecentActivities = () =>
  useQuery(dashboardQueryOptions<TRecentActivities>('/loans/dashboard/admin/recent-activities'));

/** GET /stats/system/status: its own error state. */
export const useSystemStatus = () => useQuery(dashboardQueryOptions<TSystemStatus>('/stats/system/status'));

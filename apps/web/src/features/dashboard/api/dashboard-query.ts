import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** Every dashboard query's key starts here, so one refresh reloads them all. */
export const dashboardQueryKey = ['dashboard'] as const;

/**
 * One dashboard call: a failure is not retried and is not an error on the page — each figure falls
 * back to its zero value, as the dashboard is read at a glance and one slow call must not blank it.
 */
export const dashboardQueryOptions = <T>(path: string, query: Record<string, string | number> = {}) =>
  queryOptions({
    queryKey: [...dashboardQueryKey, path, query],
    queryFn: ({ signal }) => api.get<T>(path, { query, signal }),
    retry: false,
    staleTime: 30_000,
  });

/** The answer of a dashboard call, or `fallback` while it loads and when it failed. */
export const useDashboardFigure = <T>(path: string, fallback: T, query?: Record<string, string | number>) => {
  const result = useQuery(dashboardQueryOptions<T>(path, query));
  return { data: result.data ?? fallback, isPending: result.isPending, isError: result.isError };
};

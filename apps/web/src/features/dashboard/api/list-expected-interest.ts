import type { TExpectedInterestLoanStatus, TExpectedInterestPage } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { dashboardQueryKey } from './dashboard-query';

export type TExpectedInterestFilters = {
  /** YYYY-MM; this IST month when absent. */
  month?: string;
  status: TExpectedInterestLoanStatus;
  search: string;
  page: number;
};

/** GET /stats/interest-metrics/emis: a page of the month's EMIs and the totals of the whole filter. */
export const expectedInterestQueryOptions = (filters: TExpectedInterestFilters) => {
  const query: Record<string, string | number> = { status: filters.status, page: filters.page };
  if (filters.month !== undefined) query.month = filters.month;
  if (filters.search !== '') query.search = filters.search;
  return queryOptions({
    queryKey: [...dashboardQueryKey, 'expected-interest', query],
    queryFn: ({ signal }) =>
      api.get<TExpectedInterestPage>('/stats/interest-metrics/emis', { query, signal }),
    placeholderData: keepPreviousData,
  });
};

export const useExpectedInterest = (filters: TExpectedInterestFilters) =>
  useQuery(expectedInterestQueryOptions(filters));

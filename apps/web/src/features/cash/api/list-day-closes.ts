import type { TDayCloseListResponse } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cashQueryKey } from '../../../api/cash';
import { api } from '../../../api/client';

/** The report's filters as applied ('' when not set). */
export type TDayCloseFilters = { collectorId: string; from: string; to: string };
export const EMPTY_DAY_CLOSE_FILTERS: TDayCloseFilters = { collectorId: '', from: '', to: '' };

export const dayCloseQuery = (filters: TDayCloseFilters) => ({
  collector_id: filters.collectorId,
  from: filters.from,
  to: filters.to,
});

/** GET /cash/day-closes: one page of closed days, newest first. */
export const fetchDayCloses = (
  filters: TDayCloseFilters,
  page: number,
  signal?: AbortSignal,
): Promise<TDayCloseListResponse> =>
  api.get<TDayCloseListResponse>('/cash/day-closes', { query: { ...dayCloseQuery(filters), page }, signal });

export const dayClosesQueryOptions = (filters: TDayCloseFilters, page: number) =>
  queryOptions({
    queryKey: [...cashQueryKey, 'day-closes', filters, page],
    queryFn: ({ signal }) => fetchDayCloses(filters, page, signal),
    placeholderData: keepPreviousData,
  });

export const useDayCloses = (filters: TDayCloseFilters, page: number) =>
  useQuery(dayClosesQueryOptions(filters, page));

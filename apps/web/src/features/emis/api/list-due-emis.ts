import type { TDueDateScope, TDueEmisResponse, TDueStatusFilter } from '@lending/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { emiKeys } from './keys';

/**
 * The Payments Due filters: a YYYY-MM-DD date, which dates against it (a range runs from it through
 * `to`), a search and a status.
 */
export type TDueFilters = {
  date: string;
  dates: TDueDateScope;
  to: string;
  search: string;
  status: TDueStatusFilter;
};

/** The filters as the API reads them: `to` only for a range. */
export const dueQueryOf = ({ to, ...filters }: TDueFilters) =>
  filters.dates === 'range' ? { ...filters, to } : filters;

/** Rows a page asks for: a screenful or two, so the DOM stays small however long the day's list is. */
export const DUE_PAGE_SIZE = 50;

/**
 * GET /loans/emis/due?date&dates&search&status&limit&cursor&_t: one page after `cursor` (the first page,
 * with the whole filter's totals, without one). `_t` busts caches: the list must be live.
 */
export const fetchDueEmis = (
  filters: TDueFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TDueEmisResponse> =>
  api.get<TDueEmisResponse>('/loans/emis/due', {
    query: { ...dueQueryOf(filters), limit: DUE_PAGE_SIZE, cursor: cursor ?? undefined, _t: Date.now() },
    signal,
  });

export const dueEmisQueryOptions = (filters: TDueFilters) =>
  infiniteQueryOptions({
    queryKey: [...emiKeys.due, filters],
    queryFn: ({ pageParam, signal }) => fetchDueEmis(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });

/** `enabled` waits for the business day, so the first load asks for the right date. */
export const useDueEmis = (filters: TDueFilters, enabled = true) =>
  useInfiniteQuery({ ...dueEmisQueryOptions(filters), enabled });

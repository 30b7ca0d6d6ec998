import { EXPENSE_PAGE_SIZE, type TExpensesResponse } from '@lending/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { nextPageOf } from '../../../lib/paging';
import { expensesKey } from './keys';

/** The filters as GET /expenses takes them: dates 'YYYY-MM-DD' (whole IST days), '' when unset. */
export type TExpenseFilters = { search: string; userId: string; startDate: string; endDate: string };

/** GET /expenses → one page of 20 with the totals over every match of the filters. */
export const fetchExpenses = (
  { filters, page }: { filters: TExpenseFilters; page: number },
  signal?: AbortSignal,
): Promise<TExpensesResponse> =>
  api.get<TExpensesResponse>('/expenses', { query: { ...filters, page, limit: EXPENSE_PAGE_SIZE }, signal });

/** Pages from `startPage` on: the pager picks the start, scrolling to the end appends the next pages. */
export const expensesQueryOptions = (filters: TExpenseFilters, startPage: number) =>
  infiniteQueryOptions({
    queryKey: [...expensesKey, 'list', filters, startPage],
    queryFn: ({ pageParam, signal }) => fetchExpenses({ filters, page: pageParam }, signal),
    initialPageParam: startPage,
    getNextPageParam: nextPageOf,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useExpenses = (filters: TExpenseFilters, startPage: number) =>
  useInfiniteQuery(expensesQueryOptions(filters, startPage));

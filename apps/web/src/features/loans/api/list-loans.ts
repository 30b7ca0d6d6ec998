import type { TLoanListResponse } from '@lending/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { nextPageOf } from '../../../lib/paging';

/** Loans per page. */
export const LOANS_PAGE_SIZE = 20;

export type TLoanSortField = 'loan_number' | 'customer_name' | 'loan_amount' | 'per_day_emi' | 'start_date';
export type TSortDirection = 'asc' | 'desc';

/** The list's filters as GET /loans and GET /loans/export take them (dates YYYY-MM-DD). */
export type TLoanFilters = {
  search: string;
  status: string;
  customer_id: string;
  start_date: string;
  end_date: string;
  /** Days overdue (the portfolio's ageing links): approved loans whose oldest open EMI is so old. */
  overdue_min: string;
  overdue_max: string;
  /** The loan's class at the latest day-end close ('standard', 'sma0', ..., 'npa'). */
  loan_class: string;
};

export type TLoanSort = { sort_by: TLoanSortField; sort_direction: TSortDirection };

export const EMPTY_LOAN_FILTERS: TLoanFilters = {
  search: '',
  status: '',
  customer_id: '',
  start_date: '',
  end_date: '',
  overdue_min: '',
  overdue_max: '',
  loan_class: '',
};

export const DEFAULT_LOAN_SORT: TLoanSort = { sort_by: 'loan_number', sort_direction: 'asc' };

export const loansQueryKey = ['loans', 'list'] as const;

/** GET /loans → one page plus totals and the card counts. */
export const fetchLoans = (
  params: TLoanFilters & TLoanSort & { page: number },
  signal?: AbortSignal,
): Promise<TLoanListResponse> =>
  api.get<TLoanListResponse>('/loans', { query: { ...params, limit: LOANS_PAGE_SIZE }, signal });

/**
 * Pages from `startPage` on: the pager picks where the list starts, scrolling to the end appends
 * the following pages (infinite scroll plus a numbered pager).
 */
export const loansInfiniteQueryOptions = (filters: TLoanFilters, sort: TLoanSort, startPage: number) =>
  infiniteQueryOptions({
    queryKey: [...loansQueryKey, filters, sort, startPage],
    queryFn: ({ pageParam, signal }) => fetchLoans({ ...filters, ...sort, page: pageParam }, signal),
    initialPageParam: startPage,
    getNextPageParam: nextPageOf,
    placeholderData: keepPreviousData,
  });

export const useLoans = (filters: TLoanFilters, sort: TLoanSort, startPage: number) =>
  useInfiniteQuery(loansInfiniteQueryOptions(filters, sort, startPage));

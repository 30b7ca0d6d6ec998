import type { ZBouncedEmisResponse } from '@lending/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { nextPageOf } from '../../../lib/paging';
import { BOUNCED_PAGE_SIZE } from '../lib/bounced-list';

export type TBouncedEmisResponse = z.infer<typeof ZBouncedEmisResponse>;

/** The filters as GET /loans/bounced-emis and its export take them (dates YYYY-MM-DD, '' when unset). */
export type TBouncedFilters = { search: string; dateFrom: string; dateTo: string };

export const bouncedQueryKey = ['emis', 'bounced'] as const;

/** GET /loans/bounced-emis → one page of 20 with the total and the page count. */
export const fetchBouncedEmis = (
  { filters, page }: { filters: TBouncedFilters; page: number },
  signal?: AbortSignal,
): Promise<TBouncedEmisResponse> =>
  api.get<TBouncedEmisResponse>('/loans/bounced-emis', {
    query: { ...filters, page, limit: BOUNCED_PAGE_SIZE },
    signal,
  });

/** Pages from `startPage` on: the pager picks the start, scrolling to the end appends the next pages. */
export const bouncedEmisQueryOptions = (filters: TBouncedFilters, startPage: number) =>
  infiniteQueryOptions({
    queryKey: [...bouncedQueryKey, 'list', filters, startPage],
    queryFn: ({ pageParam, signal }) => fetchBouncedEmis({ filters, page: pageParam }, signal),
    initialPageParam: startPage,
    getNextPageParam: nextPageOf,
    placeholderData: keepPreviousData,
  });

export const useBouncedEmis = (filters: TBouncedFilters, startPage: number) =>
  useInfiniteQuery(bouncedEmisQueryOptions(filters, startPage));

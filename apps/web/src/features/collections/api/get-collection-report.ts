import type { TCollectionKind, TCollectionReportResponse } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { istDayRange } from '../lib/day-range';

/** The report's filters as applied (dates YYYY-MM-DD, '' when not set; kind: which records). */
export type TCollectionFilters = {
  agentId: string;
  search: string;
  from: string;
  to: string;
  kind: TCollectionKind;
};

export const EMPTY_COLLECTION_FILTERS: TCollectionFilters = {
  agentId: '',
  search: '',
  from: '',
  to: '',
  kind: 'all',
};

/**
 * GET /loans/agent/collection-report: one page of collections and bounces with the daily summary,
 * grand totals and page figures; the range goes as 'YYYY-MM-DD HH:mm:ss' IST.
 */
export const fetchCollectionReport = (
  { filters, page, limit }: { filters: TCollectionFilters; page: number; limit: number },
  signal?: AbortSignal,
): Promise<TCollectionReportResponse> =>
  api.get<TCollectionReportResponse>('/loans/agent/collection-report', {
    query: {
      page,
      limit,
      search: filters.search,
      agentId: filters.agentId,
      kind: filters.kind === 'all' ? undefined : filters.kind,
      ...istDayRange(filters.from === '' ? null : filters.from, filters.to === '' ? null : filters.to),
    },
    signal,
  });

export const collectionReportQueryOptions = (filters: TCollectionFilters, page: number, limit: number) =>
  queryOptions({
    queryKey: ['loans', 'collections', 'report', filters, page, limit],
    queryFn: ({ signal }) => fetchCollectionReport({ filters, page, limit }, signal),
    placeholderData: keepPreviousData,
  });

export const useCollectionReport = (filters: TCollectionFilters, page: number, limit: number) =>
  useQuery(collectionReportQueryOptions(filters, page, limit));

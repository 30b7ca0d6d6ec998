import type { ZReportsResponse } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { CREDIT_REPORT_PAGE_SIZE } from '../lib/report-format';

export type TReportsResponse = z.infer<typeof ZReportsResponse>;

export const reportsQueryKey = ['reports'] as const;

/** The credit events asked for: a search, or one customer's (customer_id), newest first. */
export type TReportsFilter = { search: string; customerId: number | null };

/** GET /reports → one page of 10 credit events, newest first. */
export const fetchReports = (
  { filter, page }: { filter: TReportsFilter; page: number },
  signal?: AbortSignal,
): Promise<TReportsResponse> =>
  api.get<TReportsResponse>('/reports', {
    query: {
      page,
      limit: CREDIT_REPORT_PAGE_SIZE,
      search: filter.search,
      customer_id: filter.customerId,
      sort_by: 'created_at',
      sort_direction: 'desc',
    },
    signal,
  });

export const reportsQueryOptions = (filter: TReportsFilter, page: number) =>
  queryOptions({
    queryKey: [...reportsQueryKey, 'list', filter, page],
    queryFn: ({ signal }) => fetchReports({ filter, page }, signal),
    placeholderData: keepPreviousData,
  });

export const useReports = (filter: TReportsFilter, page: number) =>
  useQuery(reportsQueryOptions(filter, page));

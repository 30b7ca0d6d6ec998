import { SUPPORT_PAGE_SIZE, type SupportStatus, type TSupportPage } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** The applied filters ('' for none). */
export type TSupportFilters = { status: SupportStatus | ''; search: string };

export const NO_SUPPORT_FILTERS: TSupportFilters = { status: '', search: '' };

export const supportQueryKey = ['support'] as const;

/** GET /support → one page of 10 with the total, the page count and the counts per status. */
export const fetchSupportMessages = (
  { filters, page }: { filters: TSupportFilters; page: number },
  signal?: AbortSignal,
): Promise<TSupportPage> =>
  api.get<TSupportPage>('/support', {
    query: { page, pageSize: SUPPORT_PAGE_SIZE, status: filters.status, search: filters.search },
    signal,
  });

export const supportMessagesQueryOptions = (filters: TSupportFilters, page: number) =>
  queryOptions({
    queryKey: [...supportQueryKey, 'list', filters, page],
    queryFn: ({ signal }) => fetchSupportMessages({ filters, page }, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useSupportMessages = (filters: TSupportFilters, page: number) =>
  useQuery(supportMessagesQueryOptions(filters, page));

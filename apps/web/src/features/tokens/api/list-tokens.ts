import { TOKEN_PAGE_SIZE, type TTokenListResponse } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const tokensQueryKey = ['tokens'] as const;

/** The filters as GET /auth/admin/tokens takes them ('' when unset). */
export type TTokenFilters = {
  search: string;
  user_id: string;
  device_type: string;
  is_active: '' | 'true' | 'false';
};

export const EMPTY_TOKEN_FILTERS: TTokenFilters = { search: '', user_id: '', device_type: '', is_active: '' };

/** GET /auth/admin/tokens → one page of 20 with its pagination. */
export const fetchTokens = (filters: TTokenFilters, page: number, signal?: AbortSignal) =>
  api.get<TTokenListResponse>('/auth/admin/tokens', {
    query: { ...filters, search: filters.search.trim(), page, limit: TOKEN_PAGE_SIZE },
    signal,
  });

export const tokensQueryOptions = (filters: TTokenFilters, page: number) =>
  queryOptions({
    queryKey: [...tokensQueryKey, 'list', filters, page],
    queryFn: ({ signal }) => fetchTokens(filters, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useTokens = (filters: TTokenFilters, page: number) =>
  useQuery(tokensQueryOptions(filters, page));

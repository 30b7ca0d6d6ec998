import type { TUpdateHistoryResponse, UpdateStatus } from '@lending/domain';
import { UPDATE_HISTORY_PAGE_SIZE } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { upgradesQueryKey } from './get-update-status';

/** The history's filters as the call takes them ('' when unset). */
export type THistoryFilters = { userId: string; status: UpdateStatus | ''; version: string };

export const EMPTY_HISTORY_FILTERS: THistoryFilters = { userId: '', status: '', version: '' };

/** GET /update-status/history → one page of 10, newest first. */
export const fetchUpdateHistory = (
  filters: THistoryFilters,
  page: number,
  signal?: AbortSignal,
): Promise<TUpdateHistoryResponse> =>
  api.get<TUpdateHistoryResponse>('/update-status/history', {
    query: { ...filters, version: filters.version.trim(), page, limit: UPDATE_HISTORY_PAGE_SIZE },
    signal,
  });

export const updateHistoryQueryOptions = (filters: THistoryFilters, page: number) =>
  queryOptions({
    queryKey: [...upgradesQueryKey, 'history', filters, page],
    queryFn: ({ signal }) => fetchUpdateHistory(filters, page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** A failure to load the history is ignored: the table stays as it was. */
export const useUpdateHistory = (filters: THistoryFilters, page: number) =>
  useQuery(updateHistoryQueryOptions(filters, page));

import type { TMessageListResponse } from '@lending/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { messageKeys } from './keys';

/** The log's filters as GET /messages takes them; blank ones are left out of the query. */
export type TMessageQuery = {
  channel?: string;
  status?: string;
  event?: string;
  search?: string;
  from?: string;
  to?: string;
  loan_id?: number;
};

/** GET /messages?…&before=<id> → one page, newest first; `counts` of the whole filter on the first page only. */
export const fetchMessages = (query: TMessageQuery, before: number | null, signal?: AbortSignal) =>
  api.get<TMessageListResponse>('/messages', { query: { ...query, before: before ?? undefined }, signal });

export const messagesQueryOptions = (query: TMessageQuery) =>
  infiniteQueryOptions({
    queryKey: [...messageKeys.list, query],
    queryFn: ({ pageParam, signal }) => fetchMessages(query, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    retry: false,
  });

export const useMessages = (query: TMessageQuery) => useInfiniteQuery(messagesQueryOptions(query));

import { AGENT_OVERDUE_PAGE_SIZE, type ZAgentOverdueResponse } from '@lending/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { OVERDUE_CACHE_KEY, readThrough } from '../lib/offline-reads';

export type TAgentOverdueResponse = z.infer<typeof ZAgentOverdueResponse>;

export const agentQueryKey = ['agent'] as const;

/** GET /loans/dashboard/agent → one page (up to 1000) of the agent's overdue EMIs and their total count. */
export const fetchAgentOverdue = (
  { page, search }: { page: number; search: string },
  signal?: AbortSignal,
): Promise<TAgentOverdueResponse> =>
  api.get<TAgentOverdueResponse>('/loans/dashboard/agent', {
    query: { page, limit: AGENT_OVERDUE_PAGE_SIZE, search },
    signal,
  });

const matches = (search: string) => {
  const text = search.toLowerCase();
  return (row: TAgentOverdueResponse['results'][number]) =>
    [row.customer_name, row.customer_mobile ?? '', row.loan_code].some((value) =>
      value.toLowerCase().includes(text),
    );
};

/**
 * The first page read offline: the kept unsearched book, narrowed to the search. Pages after the
 * first are not kept (a field agent's book fits one page of 1000).
 */
const offlinePage = (search: string) => (kept: TAgentOverdueResponse) => {
  if (search === '') return kept;
  const results = kept.results.filter(matches(search));
  return { ...kept, results, totalCount: results.length };
};

/**
 * Pages of 1000 rows; the next exists while fewer rows than `totalCount` have loaded. `keep` (a field
 * agent) keeps the unsearched first page on the phone, and reads it when offline.
 */
export const agentOverdueQueryOptions = (search: string, keep = false) =>
  infiniteQueryOptions({
    queryKey: [...agentQueryKey, 'overdue', search],
    queryFn: ({ pageParam, signal }) => {
      const fetchPage = () => fetchAgentOverdue({ page: pageParam, search }, signal);
      if (!keep || pageParam !== 1) return fetchPage();
      return readThrough(OVERDUE_CACHE_KEY, fetchPage, {
        store: search === '',
        fallback: offlinePage(search),
      });
    },
    networkMode: keep ? 'always' : 'online',
    initialPageParam: 1,
    getNextPageParam: (last, all, lastPage) => {
      const loaded = all.reduce((sum, page) => sum + page.results.length, 0);
      return last.results.length > 0 && loaded < last.totalCount ? lastPage + 1 : undefined;
    },
    placeholderData: keepPreviousData,
  });

export const useAgentOverdue = (search: string, keep = false) =>
  useInfiniteQuery(agentOverdueQueryOptions(search, keep));

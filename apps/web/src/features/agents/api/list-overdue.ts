import { AGENT_OVERDUE_PAGE_SIZE, type ZAgentOverdueResponse } from '@lending/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { readThrough } from '../../../lib/offline/read-through';
import { OVERDUE_CACHE_KEY } from '../lib/offline-reads';

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

/** How many pages of the agent's own book the phone keeps: 20,000 overdue EMIs, far above one agent's round. */
export const KEPT_OVERDUE_PAGES = 20;

/**
 * The agent's whole unsearched book, every page read one after the other (at most KEPT_OVERDUE_PAGES),
 * kept on the phone as one list; the answer to the read is its first page.
 */
const fetchWholeBook = async (signal?: AbortSignal): Promise<TAgentOverdueResponse> => {
  const first = await fetchAgentOverdue({ page: 1, search: '' }, signal);
  const results = [...first.results];
  for (let page = 2; page <= KEPT_OVERDUE_PAGES && results.length < first.totalCount; page += 1) {
    const next = await fetchAgentOverdue({ page, search: '' }, signal);
    if (next.results.length === 0) break;
    results.push(...next.results);
  }
  return { ...first, results };
};

/** Page `page` of a book (the whole list kept, or a search of it), as the server would page it. */
const pageOf = (book: TAgentOverdueResponse, page: number): TAgentOverdueResponse => ({
  ...book,
  results: book.results.slice((page - 1) * AGENT_OVERDUE_PAGE_SIZE, page * AGENT_OVERDUE_PAGE_SIZE),
});

/** The kept book read offline: narrowed to the search, then paged. */
const offlinePage = (search: string, page: number) => (kept: TAgentOverdueResponse) => {
  if (search === '') return pageOf(kept, page);
  const results = kept.results.filter(matches(search));
  return pageOf({ ...kept, results, totalCount: results.length }, page);
};

/**
 * Pages of 1000 rows; the next exists while fewer rows than `totalCount` have loaded. `keep` (a field
 * agent): reading the unsearched first page online keeps the agent's whole book on the phone (every
 * page, so a book larger than a page works offline too); with no answer at all, every page and every
 * search is read from it.
 */
export const agentOverdueQueryOptions = (search: string, keep = false) =>
  infiniteQueryOptions({
    queryKey: [...agentQueryKey, 'overdue', search],
    queryFn: async ({ pageParam, signal }) => {
      const fetchPage = () => fetchAgentOverdue({ page: pageParam, search }, signal);
      if (!keep) return fetchPage();
      if (search === '' && pageParam === 1)
        return pageOf(await readThrough(OVERDUE_CACHE_KEY, () => fetchWholeBook(signal)), 1);
      return readThrough(OVERDUE_CACHE_KEY, fetchPage, {
        store: false,
        fallback: offlinePage(search, pageParam),
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

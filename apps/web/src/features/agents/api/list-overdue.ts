import { AGENT_OVERDUE_PAGE_SIZE, type ZAgentOverdueResponse } from '@lending/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';

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

/** Pages of 1000 rows; the next exists while fewer rows than `totalCount` have loaded. */
export const agentOverdueQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...agentQueryKey, 'overdue', search],
    queryFn: ({ pageParam, signal }) => fetchAgentOverdue({ page: pageParam, search }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all, lastPage) => {
      const loaded = all.reduce((sum, page) => sum + page.results.length, 0);
      return last.results.length > 0 && loaded < last.totalCount ? lastPage + 1 : undefined;
    },
    placeholderData: keepPreviousData,
  });

export const useAgentOverdue = (search: string) => useInfiniteQuery(agentOverdueQueryOptions(search));

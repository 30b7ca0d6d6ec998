import { UPCOMING_EMI_DAYS, type ZUpcomingResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { readThrough } from '../../../lib/offline/read-through';
import { UPCOMING_CACHE_KEY } from '../lib/offline-reads';
import { agentQueryKey } from './list-overdue';

export type TUpcomingResponse = z.infer<typeof ZUpcomingResponse>;

/** GET /loans/dashboard/agent/upcoming?days=3 → the agent's EMIs of the next 3 days. */
export const fetchUpcomingEmis = (signal?: AbortSignal): Promise<TUpcomingResponse> =>
  api.get<TUpcomingResponse>('/loans/dashboard/agent/upcoming', {
    query: { days: UPCOMING_EMI_DAYS },
    signal,
  });

/** `keep` (a field agent): the answer is kept on the phone and read from it when offline. */
export const upcomingEmisQueryOptions = (keep = false) =>
  queryOptions({
    queryKey: [...agentQueryKey, 'upcoming', UPCOMING_EMI_DAYS],
    queryFn: ({ signal }) =>
      keep ? readThrough(UPCOMING_CACHE_KEY, () => fetchUpcomingEmis(signal)) : fetchUpcomingEmis(signal),
    networkMode: keep ? 'always' : 'online',
  });

export const useUpcomingEmis = (keep = false) => useQuery(upcomingEmisQueryOptions(keep));

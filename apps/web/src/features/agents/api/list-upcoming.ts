import { UPCOMING_EMI_DAYS, type ZUpcomingResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { agentQueryKey } from './list-overdue';

export type TUpcomingResponse = z.infer<typeof ZUpcomingResponse>;

/** GET /loans/dashboard/agent/upcoming?days=3 → the agent's EMIs of the next 3 days. */
export const fetchUpcomingEmis = (signal?: AbortSignal): Promise<TUpcomingResponse> =>
  api.get<TUpcomingResponse>('/loans/dashboard/agent/upcoming', {
    query: { days: UPCOMING_EMI_DAYS },
    signal,
  });

export const upcomingEmisQueryOptions = () =>
  queryOptions({
    queryKey: [...agentQueryKey, 'upcoming', UPCOMING_EMI_DAYS],
    queryFn: ({ signal }) => fetchUpcomingEmis(signal),
  });

export const useUpcomingEmis = () => useQuery(upcomingEmisQueryOptions());

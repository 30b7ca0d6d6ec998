import type { ZBouncedEmiStats } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { bouncedQueryKey } from './list-bounced-emis';

export type TBouncedStats = z.infer<typeof ZBouncedEmiStats>;

/** GET /loans/bounced-emis/stats; a failure is ignored: the cards stay at 0. */
export const fetchBouncedStats = (signal?: AbortSignal): Promise<TBouncedStats> =>
  api.get<TBouncedStats>('/loans/bounced-emis/stats', { signal });

export const bouncedStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...bouncedQueryKey, 'stats'],
    queryFn: ({ signal }) => fetchBouncedStats(signal),
    retry: false,
  });

export const useBouncedStats = () => useQuery(bouncedStatsQueryOptions());

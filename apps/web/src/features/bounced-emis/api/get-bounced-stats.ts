import type { ZBouncedEmiStats } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { bouncedQueryKey, type TBouncedFilters } from './list-bounced-emis';

export type TBouncedStats = z.infer<typeof ZBouncedEmiStats>;

/**
 * GET /loans/bounced-emis/stats with the list's filters, so the cards summarise the list they sit
 * on; a failure is ignored: the cards stay at 0.
 */
export const fetchBouncedStats = (filters: TBouncedFilters, signal?: AbortSignal): Promise<TBouncedStats> =>
  api.get<TBouncedStats>('/loans/bounced-emis/stats', { query: filters, signal });

export const bouncedStatsQueryOptions = (filters: TBouncedFilters) =>
  queryOptions({
    queryKey: [...bouncedQueryKey, 'stats', filters],
    queryFn: ({ signal }) => fetchBouncedStats(filters, signal),
    retry: false,
  });

export const useBouncedStats = (filters: TBouncedFilters) => useQuery(bouncedStatsQueryOptions(filters));

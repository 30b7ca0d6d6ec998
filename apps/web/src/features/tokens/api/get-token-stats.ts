import type { TTokenStats } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { tokensQueryKey } from './list-tokens';

/** GET /auth/admin/token-stats → {stats: {total, active, expired}}. */
export const fetchTokenStats = async (signal?: AbortSignal): Promise<TTokenStats> =>
  (await api.get<{ stats: TTokenStats }>('/auth/admin/token-stats', { signal })).stats;

export const useTokenStats = () =>
  useQuery(
    queryOptions({
      queryKey: [...tokensQueryKey, 'stats'],
      queryFn: ({ signal }) => fetchTokenStats(signal),
      retry: false,
    }),
  );

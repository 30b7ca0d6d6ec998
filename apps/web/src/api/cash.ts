import type { TMyCashPositionResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';

/** Every cash query's key starts with this, so a handover or a close refreshes them all. */
export const cashQueryKey = ['cash'] as const;

/** GET /cash/positions/me: the caller's own cash in hand (the agent dashboard's card). */
export const fetchMyCashPosition = (signal?: AbortSignal): Promise<TMyCashPositionResponse> =>
  api.get<TMyCashPositionResponse>('/cash/positions/me', { signal });

export const myCashPositionQueryOptions = () =>
  queryOptions({ queryKey: [...cashQueryKey, 'me'], queryFn: ({ signal }) => fetchMyCashPosition(signal) });

export const useMyCashPosition = () => useQuery(myCashPositionQueryOptions());

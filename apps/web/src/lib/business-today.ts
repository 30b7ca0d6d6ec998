import { type IsoDate, istDateOf, type TClockResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { getToken } from './token';

/** Today's date in Asia/Kolkata by this browser's clock. */
export const istToday = (now: Date = new Date()): IsoDate => istDateOf(now);

export const clockQueryKey = ['clock'] as const;

/** The server's business day, re-read every few minutes so an open tab follows midnight. */
export const clockQueryOptions = () =>
  queryOptions({
    queryKey: clockQueryKey,
    queryFn: ({ signal }) => apiRequest<TClockResponse>('/clock', { signal }),
    staleTime: 5 * 60_000,
    refetchInterval: 5 * 60_000,
    enabled: getToken() !== null,
  });

/**
 * "Today" as the server's rules see it (Asia/Kolkata, pinned by BUSINESS_DATE in demos and tests).
 * Until the server has answered, the browser's own Kolkata date stands in.
 */
export const useBusinessToday = (): IsoDate => {
  const { data } = useQuery(clockQueryOptions());
  return data?.today ?? istToday();
};

import type { TUpdateStatusRecord } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const upgradesQueryKey = ['upgrades'] as const;

/** GET /update-status → the latest record (status 'unknown' before the first). */
export const fetchUpdateStatus = (signal?: AbortSignal): Promise<TUpdateStatusRecord> =>
  api.get<TUpdateStatusRecord>('/update-status', { signal });

export const updateStatusQueryOptions = () =>
  queryOptions({
    queryKey: [...upgradesQueryKey, 'status'],
    queryFn: ({ signal }) => fetchUpdateStatus(signal),
    retry: false,
  });

export const useUpdateStatus = (enabled = true) => useQuery({ ...updateStatusQueryOptions(), enabled });

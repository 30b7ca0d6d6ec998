import type { TJob } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { pollWhileActive } from '../lib/jobs';
import { jobsQueryKey } from './list-jobs';

/** GET /jobs/{id} → the job (404 'Job not found' when there is none). */
export const fetchJob = async (id: number, signal?: AbortSignal): Promise<TJob> =>
  (await api.get<{ data: TJob }>(`/jobs/${id}`, { signal })).data;

export const jobQueryKey = (id: number) => [...jobsQueryKey, 'detail', id] as const;

/** Asks again every 2 s while the job is queued or running, and not once it is done. */
export const jobQueryOptions = (id: number) =>
  queryOptions({
    queryKey: jobQueryKey(id),
    queryFn: ({ signal }) => fetchJob(id, signal),
    retry: false,
    refetchInterval: (query) => pollWhileActive(query.state.data === undefined ? [] : [query.state.data]),
  });

/** The job of the page; `id` null (not a job number) asks nothing. */
export const useJob = (id: number | null) => useQuery({ ...jobQueryOptions(id ?? 0), enabled: id !== null });

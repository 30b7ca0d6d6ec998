import { JOB_PAGE_SIZE, type TJobPage } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { pollWhileActive, type TJobFilters } from '../lib/jobs';

export const jobsQueryKey = ['jobs'] as const;

/** GET /jobs → one page of 20, newest first, with the counts per status over the kind filter. */
export const fetchJobs = (
  { filters, page }: { filters: TJobFilters; page: number },
  signal?: AbortSignal,
): Promise<TJobPage> =>
  api.get<TJobPage>('/jobs', {
    query: { page, pageSize: JOB_PAGE_SIZE, status: filters.status, kind: filters.kind },
    signal,
  });

/** The page asks again every 2 s while a job on it is queued or running, and not otherwise. */
export const jobsQueryOptions = (filters: TJobFilters, page: number) =>
  queryOptions({
    queryKey: [...jobsQueryKey, 'list', filters, page],
    queryFn: ({ signal }) => fetchJobs({ filters, page }, signal),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (query) => pollWhileActive(query.state.data?.jobs),
  });

export const useJobs = (filters: TJobFilters, page: number) => useQuery(jobsQueryOptions(filters, page));

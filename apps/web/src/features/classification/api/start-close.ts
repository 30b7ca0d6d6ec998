import type { TJob, TStartDayEndCloseRequest } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { classificationQueryKey } from './keys';

/** The Jobs screen's list, whose key the jobs feature owns: the new close is one of its jobs. */
const JOBS_QUERY_KEY = ['jobs'] as const;

/**
 * POST /classification/closes → 202 with the close's job. The job may come bare or wrapped as
 * `{data}` (as POST /jobs/export answers); both read as the job.
 */
export const startDayEndClose = async (request: TStartDayEndCloseRequest): Promise<TJob> => {
  const answer = await api.post<TJob | { data: TJob }>('/classification/closes', request);
  return 'data' in answer ? answer.data : answer;
};

/** Every classification figure and the jobs list are fetched again: a close moves them all. */
export const useStartDayEndClose = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDayEndClose,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: classificationQueryKey });
      void queryClient.invalidateQueries({ queryKey: JOBS_QUERY_KEY });
    },
  });
};

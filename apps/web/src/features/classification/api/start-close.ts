import type { TJobStarted, TStartDayEndCloseRequest } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { classificationQueryKey } from './keys';

/** The Jobs screen's list, whose key the jobs feature owns: the new close is one of its jobs. */
const JOBS_QUERY_KEY = ['jobs'] as const;

/** POST /classification/closes → `{message, data: job}`, as POST /jobs/export answers. */
export const startDayEndClose = (request: TStartDayEndCloseRequest): Promise<TJobStarted> =>
  api.post<TJobStarted>('/classification/closes', request);

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

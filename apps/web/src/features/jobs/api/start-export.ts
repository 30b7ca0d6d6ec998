import type { TJobStarted } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { jobQueryKey } from './get-job';
import { jobsQueryKey } from './list-jobs';

/** POST /jobs/export → the export of everything started now, or the one already started this hour. */
export const startExport = (): Promise<TJobStarted> => api.post<TJobStarted>('/jobs/export');

/** The job's page opens with the answer at once; the lists are fetched again for the new row. */
export const useStartExport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startExport,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(jobQueryKey(data.id), data);
      void queryClient.invalidateQueries({ queryKey: [...jobsQueryKey, 'list'] });
    },
  });
};

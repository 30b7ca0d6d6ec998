import type { TUpdateStatusRecord, TUpdateStatusRequest } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { upgradesQueryKey } from './get-update-status';

/** POST /update-status: the whole form, or `{status}` alone (row actions, the dashboard banner). */
export const postUpdateStatus = (
  body: Partial<TUpdateStatusRequest> & Pick<TUpdateStatusRequest, 'status'>,
) => api.post<{ message: string; status: TUpdateStatusRecord }>('/update-status', body);

/** Every change re-reads the current status and the history. */
export const usePostUpdateStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postUpdateStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: upgradesQueryKey }),
  });
};

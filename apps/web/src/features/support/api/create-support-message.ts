import type { TSupportMessage, TSupportMessageRequest } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { supportQueryKey } from './list-support-messages';

/** POST /support → the new message, Pending. */
export const createSupportMessage = (
  body: TSupportMessageRequest,
): Promise<{ message: string; data: TSupportMessage }> => api.post('/support', body);

export const useCreateSupportMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupportMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportQueryKey }),
  });
};

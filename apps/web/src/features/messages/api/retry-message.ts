import type { TMessageView } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { messagesKey } from './keys';

/** POST /messages/{id}/retry → {message, item}: a failed message queued to be sent again (admins). */
export const retryMessage = (id: number) =>
  api.post<{ message: string; item: TMessageView }>(`/messages/${id}/retry`);

export const useRetryMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMessage,
    // The log, a loan's messages and the channels' queued counts all show it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKey }),
  });
};

import type { TUserSaved } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { usersKeys } from './keys';

/** DELETE /users/{id}/agent-qr → {message, user} */
export const deleteAgentQr = (id: number) => api.delete<TUserSaved>(`/users/${id}/agent-qr`);

export const useDeleteAgentQrMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAgentQr,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
};

import type { TUserSaved } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { usersKeys } from './keys';

/** PATCH /users/{id}/agent-qr (multipart agent_qr_code) → {message, user} */
export const patchAgentQr = ({ id, file }: { id: number; file: File }) => {
  const form = new FormData();
  form.append('agent_qr_code', file);
  return api.patch<TUserSaved>(`/users/${id}/agent-qr`, form);
};

export const useSetAgentQrMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchAgentQr,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
};

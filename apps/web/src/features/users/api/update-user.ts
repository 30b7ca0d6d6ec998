import type { TUserSaved } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { usersKeys } from './keys';

/** PUT /users/{id} (multipart) → {message, user} */
export const putUser = ({ id, form }: { id: number; form: FormData }) =>
  api.put<TUserSaved>(`/users/${id}`, form);

export const useUpdateUserMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
};

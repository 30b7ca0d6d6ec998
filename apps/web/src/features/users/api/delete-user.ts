import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { usersKeys } from './keys';

/** DELETE /users/{id} → {message} */
export const deleteUser = (id: number) => api.delete<{ message?: string }>(`/users/${id}`);

export const useDeleteUserMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
};

import type { TUserSaved } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { usersKeys } from './keys';

/** POST /users (multipart) → 201 {message, user} */
export const postUser = (form: FormData) => api.post<TUserSaved>('/users', form);

export const useCreateUserMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
};

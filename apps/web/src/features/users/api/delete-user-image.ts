import type { DocumentField, TUserSaved } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { usersKeys } from './keys';

/** DELETE /users/{id}/image {field} → {message: '{Label} deleted successfully', user} */
export const deleteUserImage = ({ id, field }: { id: number; field: DocumentField }) =>
  api.delete<TUserSaved>(`/users/${id}/image`, { field });

export const useDeleteUserImageMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
};

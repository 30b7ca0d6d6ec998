import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { appUpdateKeys } from './keys';

/** DELETE /admin/app-update/files/{name} */
export const deleteApkFile = (name: string) =>
  api.delete<{ message?: string }>(`/admin/app-update/files/${encodeURIComponent(name)}`);

export const useDeleteApkFile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApkFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appUpdateKeys.all }),
  });
};

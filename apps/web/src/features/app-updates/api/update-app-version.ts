import type { TAppUpdateConfigRequest } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { TAppUpdateConfigResponse } from './get-app-update-config';
import { appUpdateKeys } from './keys';

/** PUT /admin/app-update/config (Update Version Only: no file). */
export const updateAppVersion = (body: TAppUpdateConfigRequest) =>
  api.put<TAppUpdateConfigResponse>('/admin/app-update/config', body);

export const useUpdateAppVersion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppVersion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appUpdateKeys.all }),
  });
};

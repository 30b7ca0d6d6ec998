import type { TAppUpdateConfigRequest } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, type TUploadProgress } from '../../../api/upload';
import type { TAppUpdateConfigResponse } from './get-app-update-config';
import { appUpdateKeys } from './keys';

export type TApkUpload = Omit<TAppUpdateConfigRequest, 'platform'> & { file: File };

/** POST /admin/app-update/upload: multipart apk, version, minVersion, changelog (JSON list), forceUpdate. */
export const uploadApk = (
  { file, version, minVersion, changelog, forceUpdate }: TApkUpload,
  onProgress?: (progress: TUploadProgress) => void,
) => {
  const form = new FormData();
  form.append('version', version);
  form.append('minVersion', minVersion);
  form.append('changelog', JSON.stringify(changelog));
  form.append('forceUpdate', String(forceUpdate));
  // The file goes last, so the server has the fields before it starts storing the bytes.
  form.append('apk', file, file.name);
  return apiUpload<TAppUpdateConfigResponse>('/admin/app-update/upload', form, { onProgress });
};

export const useUploadApk = (onProgress: (progress: TUploadProgress) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: TApkUpload) => uploadApk(upload, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appUpdateKeys.all }),
  });
};

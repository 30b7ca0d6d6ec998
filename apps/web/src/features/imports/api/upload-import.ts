import type { TImportChanged } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, type TUploadProgress } from '../../../api/upload';
import { importKeys } from './keys';

export type TImportUpload = { file: File; cutOverDate: string };

/** POST /imports (multipart: cutOverDate, then the file) → 201 the import with its sheets read. */
export const uploadImport = (
  { file, cutOverDate }: TImportUpload,
  onProgress?: (progress: TUploadProgress) => void,
): Promise<TImportChanged> => {
  const form = new FormData();
  form.append('cutOverDate', cutOverDate);
  // The file goes last, so the server has the day before it starts reading the bytes.
  form.append('file', file, file.name);
  return apiUpload<TImportChanged>('/imports', form, { onProgress });
};

/** The new import's page opens with the answer at once; the recent list is fetched again. */
export const useUploadImport = (onProgress: (progress: TUploadProgress) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: TImportUpload) => uploadImport(upload, onProgress),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(importKeys.detail(data.id), data);
      void queryClient.invalidateQueries({ queryKey: [...importKeys.all, 'list'] });
    },
  });
};

import type { TImportChanged } from '@lending/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useApplyImportChange } from './change-import';

/** POST /imports/:id/commit → 202: the import is written (409 when not checked or with errors). */
export const commitImport = (id: number) => api.post<TImportChanged>(`/imports/${id}/commit`);

export const useCommitImport = () =>
  useMutation({ mutationFn: commitImport, onSuccess: useApplyImportChange() });

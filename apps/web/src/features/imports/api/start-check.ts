import type { TImportChanged } from '@lending/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useApplyImportChange } from './change-import';

/** POST /imports/:id/check → 202: the dry run starts (status 'checking'); nothing is saved. */
export const startCheck = (id: number) => api.post<TImportChanged>(`/imports/${id}/check`);

export const useStartCheck = () => useMutation({ mutationFn: startCheck, onSuccess: useApplyImportChange() });

import type { TImportChanged, TImportMappingRequest } from '@lending/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { useApplyImportChange } from './change-import';

/** PUT /imports/:id/mapping → each sheet's kind and columns (remembered for the next file). */
export const saveMapping = ({ id, request }: { id: number; request: TImportMappingRequest }) =>
  api.put<TImportChanged>(`/imports/${id}/mapping`, request);

export const useSaveMapping = () =>
  useMutation({ mutationFn: saveMapping, onSuccess: useApplyImportChange() });

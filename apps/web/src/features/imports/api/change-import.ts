import type { TImportChanged } from '@lending/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { importKeys } from './keys';

/** After a call changed an import: the wizard shows its answer at once, and the lists are asked again. */
export const applyImportChange = (queryClient: QueryClient, { data }: TImportChanged) => {
  queryClient.setQueryData(importKeys.detail(data.id), data);
  void queryClient.invalidateQueries({ queryKey: [...importKeys.all, 'list'] });
};

/** `applyImportChange` bound to the app's query client, for a mutation's onSuccess. */
export const useApplyImportChange = () => {
  const queryClient = useQueryClient();
  return (answer: TImportChanged) => applyImportChange(queryClient, answer);
};

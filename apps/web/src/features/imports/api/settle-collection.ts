import type { TDismissCollectionRequest, TMatchCollectionRequest } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { importKeys } from './keys';

/** What the server says when it has matched or dismissed a collection. */
export type TSettled = { message?: string } | null;

/** POST /imports/to-match/:id/match {loan_id} → the collection is paid to that loan. */
export const matchCollection = ({ id, request }: { id: number; request: TMatchCollectionRequest }) =>
  api.post<TSettled>(`/imports/to-match/${id}/match`, request);

/** POST /imports/to-match/:id/dismiss {reason} → the collection leaves the list, paid to no loan. */
export const dismissCollection = ({ id, request }: { id: number; request: TDismissCollectionRequest }) =>
  api.post<TSettled>(`/imports/to-match/${id}/dismiss`, request);

/** Either way the row leaves the list: every page of it (and its total) is asked again. */
const useSettle = <V>(mutationFn: (variables: V) => Promise<TSettled>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...importKeys.all, 'to-match'] }),
  });
};

export const useMatchCollection = () => useSettle(matchCollection);
export const useDismissCollection = () => useSettle(dismissCollection);

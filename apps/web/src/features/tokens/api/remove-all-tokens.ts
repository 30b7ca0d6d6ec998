import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { tokensQueryKey } from './list-tokens';

/** POST /auth/admin/tokens/remove-all {confirm: true} → every session but the caller's own is deleted. */
export const removeAllTokens = () =>
  api.post<{ message: string; deleted_count: number; current_session_kept: boolean }>(
    '/auth/admin/tokens/remove-all',
    { confirm: true },
  );

export const useRemoveAllTokens = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAllTokens,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
  });
};

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { tokensQueryKey } from './list-tokens';

/** POST /auth/admin/cleanup-tokens → {message, cleaned_count}. */
export const cleanupTokens = () =>
  api.post<{ message: string; cleaned_count: number }>('/auth/admin/cleanup-tokens');

export const useCleanupTokens = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cleanupTokens,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
  });
};

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import type { TTokenRef } from './get-token';
import { tokensQueryKey } from './list-tokens';

/** POST /auth/admin/tokens/{userId}/{tokenHash}/revoke. */
export const revokeToken = ({ userId, tokenHash }: TTokenRef) =>
  api.post<{ message: string }>(`/auth/admin/tokens/${userId}/${tokenHash}/revoke`);

export const useRevokeToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
  });
};

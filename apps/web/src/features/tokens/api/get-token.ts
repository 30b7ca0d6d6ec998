import type { TTokenRecord } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { tokensQueryKey } from './list-tokens';

/** A token is named by its user and its hash. */
export type TTokenRef = { userId: number; tokenHash: string };

/** GET /auth/admin/tokens/{userId}/{tokenHash} → {token}. */
export const fetchToken = async (
  { userId, tokenHash }: TTokenRef,
  signal?: AbortSignal,
): Promise<TTokenRecord> =>
  (await api.get<{ token: TTokenRecord }>(`/auth/admin/tokens/${userId}/${tokenHash}`, { signal })).token;

export const useToken = (ref: TTokenRef | null) =>
  useQuery(
    queryOptions({
      queryKey: [...tokensQueryKey, 'details', ref?.userId, ref?.tokenHash],
      queryFn: ({ signal }) => fetchToken(ref as TTokenRef, signal),
      enabled: ref !== null,
      retry: false,
    }),
  );

import type { TUserSummary } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** A signed-out visitor must type this many characters before the server searches. */
export const REFERENCE_SEARCH_MIN_CHARS = 2;

/** GET /auth/users?search= → {users:[{id,name,email}]} (≤ 20 matches, e-mails masked when signed out). */
export const fetchReferenceUsers = async (search: string, signal?: AbortSignal): Promise<TUserSummary[]> => {
  const answer = await api.get<{ users?: TUserSummary[] }>('/auth/users', { query: { search }, signal });
  return Array.isArray(answer?.users) ? answer.users : [];
};

export const referenceUsersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['auth', 'reference-users', search],
    queryFn: ({ signal }) => fetchReferenceUsers(search, signal),
    enabled: search.length >= REFERENCE_SEARCH_MIN_CHARS,
    staleTime: 60_000,
  });

export const useReferenceUsers = (search: string) => useQuery(referenceUsersQueryOptions(search));

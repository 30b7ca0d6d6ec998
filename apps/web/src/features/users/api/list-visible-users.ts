import type { TManagedUser } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { readThrough } from '../../../lib/offline/read-through';
import { usersKeys } from './keys';

/** GET /users/list/visible → {users}: an agent's own customers. */
export const fetchVisibleUsers = async (signal?: AbortSignal): Promise<TManagedUser[]> => {
  const answer = await api.get<{ users?: TManagedUser[] } | null>('/users/list/visible', { signal });
  return Array.isArray(answer?.users) ? answer.users : [];
};

/** Where the phone keeps the agent's customers (wiped at sign-out with the rest of the agent's data). */
export const CUSTOMERS_CACHE_KEY = 'agent:customers';

/**
 * My Customers is the agent's screen only: each answer is kept on the phone and stands in when no
 * answer comes at all (docs/OFFLINE.md), so the field agent sees their customers offline.
 */
export const visibleUsersQueryOptions = () =>
  queryOptions({
    queryKey: usersKeys.visible,
    queryFn: ({ signal }) => readThrough(CUSTOMERS_CACHE_KEY, () => fetchVisibleUsers(signal)),
    networkMode: 'always',
  });

export const useVisibleUsers = () => useQuery(visibleUsersQueryOptions());

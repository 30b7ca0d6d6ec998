import type { TManagedUser } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { usersKeys } from './keys';

/** GET /users/list/visible → {users}: an agent's own customers. */
export const fetchVisibleUsers = async (signal?: AbortSignal): Promise<TManagedUser[]> => {
  const answer = await api.get<{ users?: TManagedUser[] } | null>('/users/list/visible', { signal });
  return Array.isArray(answer?.users) ? answer.users : [];
};

export const visibleUsersQueryOptions = () =>
  queryOptions({ queryKey: usersKeys.visible, queryFn: ({ signal }) => fetchVisibleUsers(signal) });

export const useVisibleUsers = () => useQuery(visibleUsersQueryOptions());

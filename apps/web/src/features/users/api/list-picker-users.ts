import type { TUserSummary } from '@lending/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { usersKeys } from './keys';

/**
 * GET /auth/users → {users:[{id,name,email}]}: the agent's reference picker (agents may not list
 * GET /users). Empty on failure.
 */
export const fetchPickerUsers = async (signal?: AbortSignal): Promise<TUserSummary[]> => {
  try {
    const answer = await api.get<{ users?: TUserSummary[] } | null>('/auth/users', { signal });
    return Array.isArray(answer?.users) ? answer.users : [];
  } catch {
    return [];
  }
};

export const pickerUsersQueryOptions = () =>
  queryOptions({
    queryKey: usersKeys.referenceCandidates('auth'),
    queryFn: ({ signal }) => fetchPickerUsers(signal),
  });

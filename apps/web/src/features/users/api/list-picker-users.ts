import { PICKER_SEARCH_MIN_CHARS, type TUserSummary } from '@lending/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { usersKeys } from './keys';

/**
 * GET /auth/users?search= → {users:[{id,name,email}]}: the agent's reference picker (agents may not
 * list GET /users; they search, see at most 20 matches with e-mails masked). Empty on failure.
 */
export const fetchPickerUsers = async (search: string, signal?: AbortSignal): Promise<TUserSummary[]> => {
  try {
    const answer = await api.get<{ users?: TUserSummary[] } | null>('/auth/users', {
      query: { search },
      signal,
    });
    return Array.isArray(answer?.users) ? answer.users : [];
  } catch {
    return [];
  }
};

export const pickerUsersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...usersKeys.referenceCandidates('auth'), search] as const,
    queryFn: ({ signal }) => fetchPickerUsers(search, signal),
    enabled: search.length >= PICKER_SEARCH_MIN_CHARS,
  });

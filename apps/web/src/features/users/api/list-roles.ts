import type { TRoleName } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** GET /roles → array of roles, ids and names (the role filter and the form's role selector). */
export const fetchRoles = async (signal?: AbortSignal): Promise<TRoleName[]> => {
  const answer = await api.get<TRoleName[] | { roles?: TRoleName[] } | null>('/roles', { signal });
  if (Array.isArray(answer)) return answer;
  return Array.isArray(answer?.roles) ? answer.roles : [];
};

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: ['roles', 'list'],
    queryFn: ({ signal }) => fetchRoles(signal),
    staleTime: 300_000,
  });

export const useRoles = (enabled = true) => useQuery({ ...rolesQueryOptions(), enabled });

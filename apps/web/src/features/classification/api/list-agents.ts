import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchUsersOfRole } from '../../../api/users';
import { classificationQueryKey } from './keys';

/** An agent the register can be narrowed to. */
export type TRegisterAgent = { id: number; name: string; mobile: string | null };

/** GET /users?role=agent&limit=1000 → the register's agent picker. */
export const fetchRegisterAgents = async (signal?: AbortSignal): Promise<TRegisterAgent[]> =>
  (await fetchUsersOfRole('agent', signal)).map((user) => ({
    id: user.id,
    name: user.name,
    mobile: user.mobile ?? null,
  }));

/** Agents change rarely: kept a minute. */
export const registerAgentsQueryOptions = () =>
  queryOptions({
    queryKey: [...classificationQueryKey, 'agents'],
    queryFn: ({ signal }) => fetchRegisterAgents(signal),
    staleTime: 60_000,
  });

/** The agents the register's picker offers. */
export const useRegisterAgents = () => useQuery(registerAgentsQueryOptions());

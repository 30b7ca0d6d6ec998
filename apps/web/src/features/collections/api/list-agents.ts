import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchUsersOfRole } from '../../../api/users';

/** A person the collections report can be narrowed to: an agent or an admin. */
export type TCollector = { id: number; name: string; mobile: string | null; role: 'agent' | 'admin' };

const fetchRole = async (role: TCollector['role'], signal?: AbortSignal): Promise<TCollector[]> => {
  try {
    const users = await fetchUsersOfRole(role, signal);
    return users.map((user) => ({ id: user.id, name: user.name, mobile: user.mobile ?? null, role }));
  } catch {
    // A failure leaves the list empty, silently.
    return [];
  }
};

/** GET /users?role=agent&limit=1000 and ?role=admin&limit=1000 → the agent selector's people. */
export const fetchCollectors = async (signal?: AbortSignal): Promise<TCollector[]> => {
  const [agents, admins] = await Promise.all([fetchRole('agent', signal), fetchRole('admin', signal)]);
  return [...agents, ...admins];
};

export const collectorsQueryOptions = () =>
  queryOptions({
    queryKey: ['loans', 'collections', 'collectors'],
    queryFn: ({ signal }) => fetchCollectors(signal),
    staleTime: 60_000,
  });

export const useCollectors = () => useQuery(collectorsQueryOptions());

/** 'name (mobile) [Agent|Admin]'. */
export const collectorLabel = (collector: TCollector): string =>
  `${collector.name}${collector.mobile ? ` (${collector.mobile})` : ''} [${collector.role === 'agent' ? 'Agent' : 'Admin'}]`;

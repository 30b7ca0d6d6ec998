import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** A person the collections report can be narrowed to: an agent or an admin. */
export type TCollector = { id: number; name: string; mobile: string | null; role: 'agent' | 'admin' };

type TUsersAnswer = { users?: { id: number; name: string; mobile?: string | null }[] } | null;

const fetchRole = async (role: TCollector['role'], signal?: AbortSignal): Promise<TCollector[]> => {
  try {
    const answer = await api.get<TUsersAnswer>('/users', { query: { role, limit: 1000 }, signal });
    return (answer?.users ?? []).map((user) => ({
      id: user.id,
      name: user.name,
      mobile: user.mobile ?? null,
      role,
    }));
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

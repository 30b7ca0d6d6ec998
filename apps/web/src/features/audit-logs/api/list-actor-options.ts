import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchUsersList, USERS_LIST_ALL } from '../../../api/users';

/** The user filter's choices: every user as `{value: id, label: name (e-mail)}`. */
export const fetchActorOptions = async (signal?: AbortSignal) =>
  (await fetchUsersList({ limit: USERS_LIST_ALL }, signal)).users.map((user) => ({
    value: String(user.id),
    label: `${user.name} (${user.email})`,
  }));

export const actorOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['audit-logs', 'actors'],
    queryFn: ({ signal }) => fetchActorOptions(signal),
    staleTime: 300_000,
  });

/** GET /users (limit 1000); a failure leaves the filter empty rather than breaking the page. */
export const useActorOptions = () => useQuery(actorOptionsQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchUsersList, USERS_LIST_ALL } from '../../../api/users';
import { tokensQueryKey } from './list-tokens';

/** GET /users?limit=1000: the User filter's choices; a failure leaves it empty. */
export const useTokenUsers = () =>
  useQuery(
    queryOptions({
      queryKey: [...tokensQueryKey, 'users'],
      queryFn: async ({ signal }) => (await fetchUsersList({ limit: USERS_LIST_ALL }, signal)).users,
      retry: false,
    }),
  );

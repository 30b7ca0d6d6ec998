import type { TManagedUser } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchUsersList, USERS_LIST_ALL } from '../../../api/users';

/** GET /users (every role, one long page): whom a notification may go to. */
export const fetchRecipients = async (signal?: AbortSignal): Promise<TManagedUser[]> =>
  (await fetchUsersList({ limit: USERS_LIST_ALL }, signal)).users;

/** A failure leaves the picker empty without a message. */
export const recipientsQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'notification-recipients'],
    queryFn: ({ signal }) => fetchRecipients(signal),
    retry: false,
  });

export const useRecipients = () => useQuery(recipientsQueryOptions());

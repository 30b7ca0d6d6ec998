import type { TManagedUser } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchUsersOfRole } from '../../../api/users';
import { upgradesQueryKey } from './get-update-status';

/** GET /users?role=admin and ?role=superadmin: the people who can change the update status (the User filter). */
export const fetchStaff = async (signal?: AbortSignal): Promise<TManagedUser[]> => {
  const [admins, superadmins] = await Promise.all([
    fetchUsersOfRole('admin', signal),
    fetchUsersOfRole('superadmin', signal),
  ]);
  // One entry per person, whatever the answers overlap in.
  return [...new Map([...superadmins, ...admins].map((user) => [user.id, user])).values()];
};

export const useStaff = () =>
  useQuery(
    queryOptions({
      queryKey: [...upgradesQueryKey, 'staff'],
      queryFn: ({ signal }) => fetchStaff(signal),
      retry: false,
    }),
  );

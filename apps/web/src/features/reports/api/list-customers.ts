import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchUsersOfRole } from '../../../api/users';

export type TReportCustomer = { id: number; name: string; mobile: string | null };

/** GET /users?role=user&limit=1000 → the borrowers for the score card's picker; empty on failure. */
export const fetchReportCustomers = async (signal?: AbortSignal): Promise<TReportCustomer[]> => {
  try {
    const users = await fetchUsersOfRole('user', signal);
    return users.map((user) => ({ id: user.id, name: user.name, mobile: user.mobile ?? null }));
  } catch {
    return [];
  }
};

export const reportCustomersQueryOptions = () =>
  queryOptions({
    queryKey: ['reports', 'customers'],
    queryFn: ({ signal }) => fetchReportCustomers(signal),
    staleTime: 60_000,
  });

export const useReportCustomers = () => useQuery(reportCustomersQueryOptions());

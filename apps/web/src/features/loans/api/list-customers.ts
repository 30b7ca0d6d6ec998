import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchUsersOfRole } from '../../../api/users';

export type TLoanCustomer = { id: number; name: string; mobile?: string | null; email?: string };

/** GET /users?role=user&limit=1000 → the borrowers for the filter and the loan form's picker. */
export const fetchLoanCustomers = async (signal?: AbortSignal): Promise<TLoanCustomer[]> =>
  fetchUsersOfRole('user', signal);

export const loanCustomersQueryOptions = () =>
  queryOptions({
    queryKey: ['loans', 'customers'],
    queryFn: ({ signal }) => fetchLoanCustomers(signal),
    staleTime: 60_000,
  });

export const useLoanCustomers = () => useQuery(loanCustomersQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export type TLoanCustomer = { id: number; name: string; mobile?: string | null; email?: string };

/** The customers list answers a plain array or `{users}`. */
export const toCustomers = (answer: unknown): TLoanCustomer[] => {
  const list = Array.isArray(answer)
    ? answer
    : typeof answer === 'object' && answer !== null && Array.isArray((answer as { users?: unknown }).users)
      ? (answer as { users: unknown[] }).users
      : [];
  return list.filter(
    (item): item is TLoanCustomer =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as TLoanCustomer).id === 'number' &&
      typeof (item as TLoanCustomer).name === 'string',
  );
};

/** GET /users?role=user&limit=1000 → the borrowers for the filter and the loan form's picker. */
export const fetchLoanCustomers = async (signal?: AbortSignal): Promise<TLoanCustomer[]> =>
  toCustomers(await api.get<unknown>('/users', { query: { role: 'user', limit: 1000 }, signal }));

export const loanCustomersQueryOptions = () =>
  queryOptions({
    queryKey: ['loans', 'customers'],
    queryFn: ({ signal }) => fetchLoanCustomers(signal),
    staleTime: 60_000,
  });

export const useLoanCustomers = () => useQuery(loanCustomersQueryOptions());

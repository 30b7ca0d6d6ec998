import type { TMyLoansResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** GET /loans/my → the signed-in borrower's own loans, a plain array. */
export const fetchMyLoans = async (signal?: AbortSignal): Promise<TMyLoansResponse> => {
  const answer = await api.get<TMyLoansResponse | null>('/loans/my', { signal });
  return Array.isArray(answer) ? answer : [];
};

export const myLoansQueryOptions = () =>
  queryOptions({ queryKey: ['loans', 'my', 'list'], queryFn: ({ signal }) => fetchMyLoans(signal) });

export const useMyLoans = () => useQuery(myLoansQueryOptions());

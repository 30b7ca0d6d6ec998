import type { TMyLoansResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** GET /loans/my → the signed-in borrower's own loans. */
export const fetchMyLoans = (signal?: AbortSignal): Promise<TMyLoansResponse> =>
  api.get<TMyLoansResponse>('/loans/my', { signal });

export const myLoansQueryOptions = () =>
  queryOptions({ queryKey: ['loans', 'my', 'list'], queryFn: ({ signal }) => fetchMyLoans(signal) });

export const useMyLoans = () => useQuery(myLoansQueryOptions());

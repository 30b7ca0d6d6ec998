import type { TMyLoanDetail } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** GET /loans/my/{id} → one of the borrower's loans with its EMI schedule. */
export const fetchMyLoan = (id: number, signal?: AbortSignal): Promise<TMyLoanDetail> =>
  api.get<TMyLoanDetail>(`/loans/my/${id}`, { signal });

export const myLoanQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['loans', 'my', 'detail', id], queryFn: ({ signal }) => fetchMyLoan(id, signal) });

export const useMyLoan = (id: number | null) =>
  useQuery({ ...myLoanQueryOptions(id ?? 0), enabled: id !== null });

import type { TLoanUpiResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { messageKeys } from './keys';

/** GET /loans/{id}/upi → the `upi://pay` link for what is due now, or `upi: null` when the lender set no UPI id. */
export const fetchLoanUpi = (loanId: number, signal?: AbortSignal) =>
  api.get<TLoanUpiResponse>(`/loans/${loanId}/upi`, { signal });

export const loanUpiQueryOptions = (loanId: number) =>
  queryOptions({
    queryKey: messageKeys.upi(loanId),
    queryFn: ({ signal }) => fetchLoanUpi(loanId, signal),
    retry: false,
  });

export const useLoanUpi = (loanId: number) => useQuery(loanUpiQueryOptions(loanId));

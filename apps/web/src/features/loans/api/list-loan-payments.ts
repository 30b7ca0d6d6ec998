import type { TLoanPaymentsResponse } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** Payments shown per page of a loan's payment history. */
export const LOAN_PAYMENTS_PAGE_SIZE = 10;

/** GET /loans/{id}/payments → one page of the loan's payment records, newest first. */
export const fetchLoanPayments = (id: number, page: number, signal?: AbortSignal) =>
  api.get<TLoanPaymentsResponse>(`/loans/${id}/payments`, {
    signal,
    query: { page, limit: LOAN_PAYMENTS_PAGE_SIZE },
  });

export const loanPaymentsQueryOptions = (id: number, page: number) =>
  queryOptions({
    // Under ['loans'], so every money call that reads the loans again reads these too.
    queryKey: ['loans', 'payments', id, page] as const,
    queryFn: ({ signal }) => fetchLoanPayments(id, page, signal),
    placeholderData: keepPreviousData,
  });

export const useLoanPayments = (id: number, page: number) => useQuery(loanPaymentsQueryOptions(id, page));

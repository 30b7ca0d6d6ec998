import type { TLoanClassification } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { classificationQueryKey } from './keys';

/** GET /loans/{id}/classification → the loan's class at the latest close and its changes, newest first. */
export const fetchLoanClassification = (loanId: number, signal?: AbortSignal): Promise<TLoanClassification> =>
  api.get<TLoanClassification>(`/loans/${loanId}/classification`, { signal });

/** Asked once per opening of Loan Details; a refusal is shown, not retried. */
export const loanClassificationQueryOptions = (loanId: number) =>
  queryOptions({
    queryKey: [...classificationQueryKey, 'loan', loanId],
    queryFn: ({ signal }) => fetchLoanClassification(loanId, signal),
    retry: false,
  });

/** The class of the loan Loan Details shows. */
export const useLoanClassification = (loanId: number) => useQuery(loanClassificationQueryOptions(loanId));

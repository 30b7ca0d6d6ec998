import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchReceiptPdf } from '../../../api/receipts';
import { emiKeys } from './keys';

/** The receipt PDF of Loan Details: fetched afresh each time the dialog opens. */
export const receiptPdfQueryOptions = (loanId: number, emiNumber: number) =>
  queryOptions({
    queryKey: [...emiKeys.receipt(loanId, emiNumber), 'pdf'],
    queryFn: ({ signal }) => fetchReceiptPdf(loanId, emiNumber, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const useReceiptPdf = (loanId: number, emiNumber: number) =>
  useQuery(receiptPdfQueryOptions(loanId, emiNumber));

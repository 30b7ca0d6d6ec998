import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiDownload, type TDownload } from '../../../api/client';
import { emiKeys } from './keys';

/** GET /emi/receipt/{loanId}/{emiNumber}/pdf → the receipt PDF (bearer token). */
export const fetchReceiptPdf = (
  loanId: number,
  emiNumber: number,
  signal?: AbortSignal,
): Promise<TDownload> => apiDownload(`/emi/receipt/${loanId}/${emiNumber}/pdf`, { signal });

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

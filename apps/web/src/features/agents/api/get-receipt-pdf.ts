import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchReceiptPdf } from '../../../api/receipts';

/** The receipt PDF of the agent dashboard, as a blob kept for the session (a receipt never changes). */
export const receiptPdfQueryOptions = (loanId: number, emiNumber: number) =>
  queryOptions({
    queryKey: ['agent', 'receipt-pdf', loanId, emiNumber],
    queryFn: async ({ signal }) => (await fetchReceiptPdf(loanId, emiNumber, signal)).blob,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useReceiptPdf = (target: { loanId: number; emiNumber: number } | null) =>
  useQuery({
    ...receiptPdfQueryOptions(target?.loanId ?? 0, target?.emiNumber ?? 0),
    enabled: target !== null,
  });

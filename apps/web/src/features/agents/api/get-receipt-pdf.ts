import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiDownload } from '../../../api/client';

/** GET /emi/receipt/{loanId}/{emiNumber}/pdf → the receipt as a PDF blob. */
export const fetchReceiptPdf = async (
  { loanId, emiNumber }: { loanId: number; emiNumber: number },
  signal?: AbortSignal,
): Promise<Blob> => (await apiDownload(`/emi/receipt/${loanId}/${emiNumber}/pdf`, { signal })).blob;

export const receiptPdfQueryOptions = (loanId: number, emiNumber: number) =>
  queryOptions({
    queryKey: ['agent', 'receipt-pdf', loanId, emiNumber],
    queryFn: ({ signal }) => fetchReceiptPdf({ loanId, emiNumber }, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useReceiptPdf = (target: { loanId: number; emiNumber: number } | null) =>
  useQuery({
    ...receiptPdfQueryOptions(target?.loanId ?? 0, target?.emiNumber ?? 0),
    enabled: target !== null,
  });

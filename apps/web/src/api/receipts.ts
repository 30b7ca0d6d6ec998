import { apiDownload, type TDownload } from './client';

/** GET /emi/receipt/{loanId}/{emiNumber}/pdf → the receipt PDF and its file name (bearer token). */
export const fetchReceiptPdf = (
  loanId: number,
  emiNumber: number,
  signal?: AbortSignal,
): Promise<TDownload> => apiDownload(`/emi/receipt/${loanId}/${emiNumber}/pdf`, { signal });

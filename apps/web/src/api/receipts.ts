import { apiDownload, type TDownload } from './client';

/** GET /emi/receipt/{loanId}/{emiNumber}/pdf → the receipt PDF and its file name (bearer token). */
export const fetchReceiptPdf = (
  loanId: number,
  emiNumber: number,
  signal?: AbortSignal,
): Promise<TDownload> => apiDownload(`/emi/receipt/${loanId}/${emiNumber}/pdf`, { signal });

/** GET /emi/receipt/payment/{paymentId}/pdf → one payment record's receipt PDF (also of a replaced EMI). */
export const fetchPaymentReceiptPdf = (paymentId: number, signal?: AbortSignal): Promise<TDownload> =>
  apiDownload(`/emi/receipt/payment/${paymentId}/pdf`, { signal });

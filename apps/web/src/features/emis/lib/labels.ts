import type { EmiStatus, PaymentType } from '@lending/domain';

/** Failure messages */
export const EMI_FAILURES = {
  pay: 'Failed to mark EMI as paid',
  bounce: 'Failed to mark EMI as bounced',
  clearAll: 'Failed to clear late charges',
  clearEmi: 'Failed to clear charges for this EMI',
  paymentDate: 'Failed to update payment date',
  receiptData: 'Failed to load receipt data',
  receiptPdf: 'Failed to load PDF receipt',
  pdfFallback: 'Failed to load PDF, showing text receipt instead',
  download: 'Failed to download PDF',
  missing: 'Missing loan or EMI information',
  fetchDue: 'Failed to fetch EMIs',
  exportDue: 'Failed to export EMIs',
} as const;

export const EMI_SUCCESSES = {
  pdfDownloaded: 'PDF downloaded successfully!',
  exported: 'EMIs exported successfully',
} as const;

/** Payment types. */
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  full: 'Full (EMI + charges)',
  emi_only: 'EMI only',
  partial: 'Partial',
};

export const EMI_STATUS_LABELS: Record<EmiStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  partial: 'Partial',
  bounced: 'Bounced',
  foreclosed: 'Foreclosed',
};

/** The bounce reason the due list sends. */
export const DUE_LIST_BOUNCE_REASON = 'Insufficient funds';

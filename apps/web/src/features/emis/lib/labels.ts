import type { EmiStatus, PaymentType, TDueDateScope, TDueStatusFilter } from '@lending/domain';

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

/** Payments Due's status filter: the EMI statuses, open ones and every EMI still due. */
export const DUE_STATUS_FILTER_LABELS: Record<TDueStatusFilter, string> = {
  ...EMI_STATUS_LABELS,
  open: 'Open (pending or bounced, unpaid)',
  due: 'All still due (not foreclosed)',
};

/** Which EMI dates Payments Due lists against its date. */
export const DUE_DATE_SCOPE_LABELS: Record<TDueDateScope, string> = {
  day: 'On the date',
  before: 'Before the date (overdue)',
  any: 'Any date',
  range: 'From the date through',
};

/** The list's heading for its dates. */
export const dueTitleOf = (dates: TDueDateScope) =>
  ({
    day: 'EMIs Due Today',
    before: 'EMIs Due Before the Date',
    any: 'EMIs Due Any Date',
    range: 'EMIs Due in the Range',
  })[dates];

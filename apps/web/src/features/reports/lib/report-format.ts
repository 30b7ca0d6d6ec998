import type { CreditBand, TCreditEvent } from '@lending/domain';

/** 'LN0001 · EMI #3': the Loan column. */
export const loanWithEmi = (event: Pick<TCreditEvent, 'loan_code' | 'emi_number'>): string =>
  `${event.loan_code} · EMI #${event.emi_number}`;

export const EVENT_COLORS: Record<TCreditEvent['event_type'], string> = {
  EMI_BOUNCED: 'red',
  EMI_PAID_ON_TIME: 'green',
  EMI_PAID_LATE: 'yellow',
};

export const BAND_COLORS: Record<CreditBand, string> = {
  Excellent: 'green',
  Good: 'teal',
  Fair: 'yellow',
  Poor: 'orange',
  'Very Poor': 'red',
};

/** Credit report: 10 events a page. */
export const CREDIT_REPORT_PAGE_SIZE = 10;

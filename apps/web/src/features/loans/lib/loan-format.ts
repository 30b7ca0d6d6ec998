import { formatDdMmYyyy, formatRupees, isIsoDate, type LoanStatus, rupeesToPaise } from '@lending/domain';
import { inIst } from '../../../lib/dayjs';

/** A rupee amount from the API as the loan screens show it: '₹1,23,456' (no decimals). */
export const formatMoney = (rupees: number | null | undefined): string =>
  formatRupees(rupeesToPaise(rupees ?? 0));

/** A rupee amount with paise, for foreclosure figures and limits: '₹1,23,456.50'. */
export const formatMoneyExact = (rupees: number | null | undefined): string =>
  formatRupees(rupeesToPaise(rupees ?? 0), 2);

/** 'YYYY-MM-DD' → 'DD-MM-YYYY'; an ISO moment → its Asia/Kolkata day so; '-' when absent. */
export const formatDate = (value: string | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '-';
  if (isIsoDate(value)) return formatDdMmYyyy(value);
  const moment = inIst(value);
  return moment.isValid() ? moment.format('DD-MM-YYYY') : value;
};

/** Labels of the loan statuses; pending_acceptance reads 'Pending' (spec/2 §2.1). */
export const LOAN_STATUS_LABELS: Record<LoanStatus, string> = {
  pending_acceptance: 'Pending',
  accepted: 'Accepted',
  processing: 'Processing',
  approved: 'Approved',
  closed: 'Closed',
  default: 'Default',
};

const STATUS_COLORS: Record<string, string> = {
  pending_acceptance: 'yellow',
  pending: 'yellow',
  accepted: 'blue',
  processing: 'cyan',
  approved: 'green',
  closed: 'gray',
  default: 'red',
};

export const loanStatusLabel = (status: string): string =>
  LOAN_STATUS_LABELS[status as LoanStatus] ?? status.replace(/_/g, ' ');

export const loanStatusColor = (status: string): string => STATUS_COLORS[status] ?? 'gray';

const EMI_STATUS_COLORS: Record<string, string> = {
  paid: 'green',
  partial: 'orange',
  bounced: 'red',
  foreclosed: 'gray',
  pending: 'yellow',
};

export const emiStatusColor = (status: string): string => EMI_STATUS_COLORS[status] ?? 'gray';

export const FORECLOSURE_TYPE_LABELS: Record<string, string> = {
  full: 'Full Payment',
  full_and_final: 'Full and Final (mutually agreed amount)',
  settlement: 'Settlement (partial agreement)',
};

/** Closed and default loans are terminal: no edits, no payments (spec/2 §4). */
export const isTerminalStatus = (status: string): boolean => status === 'closed' || status === 'default';

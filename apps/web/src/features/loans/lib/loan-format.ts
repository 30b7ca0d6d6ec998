import type { LoanStatus } from '@lending/domain';

export { emiStatusColor, formatDate, formatMoney, formatMoneyExact } from '../../../lib/format';

/** Labels of the loan statuses; pending_acceptance reads 'Pending'. */
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
  status === 'lent'
    ? 'Lent (approved, closed, default)'
    : (LOAN_STATUS_LABELS[status as LoanStatus] ?? status.replace(/_/g, ' '));

export const loanStatusColor = (status: string): string => STATUS_COLORS[status] ?? 'gray';

export const FORECLOSURE_TYPE_LABELS: Record<string, string> = {
  full: 'Full Payment',
  full_and_final: 'Full and Final (mutually agreed amount)',
  settlement: 'Settlement (partial agreement)',
};

/** Closed and default loans are terminal: no edits, no payments. */
export const isTerminalStatus = (status: string): boolean => status === 'closed' || status === 'default';

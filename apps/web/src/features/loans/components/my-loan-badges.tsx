import { Badge } from '@mantine/core';
import { loanStatusLabel } from '../lib/loan-format';

/** The active (approved) loan is success, anything else secondary. */
export const MyLoanStatusBadge = ({ status }: { status: string }) => (
  <Badge style={{ minWidth: 'max-content' }} variant="light" color={status === 'approved' ? 'green' : 'gray'}>
    {loanStatusLabel(status)}
  </Badge>
);

/** Paid green, bounced red, others warning. */
export const MyEmiStatusBadge = ({ status }: { status: string }) => (
  <Badge
    style={{ minWidth: 'max-content' }}
    size="sm"
    variant="light"
    color={status === 'paid' ? 'green' : status === 'bounced' ? 'red' : 'yellow'}
  >
    {status}
  </Badge>
);

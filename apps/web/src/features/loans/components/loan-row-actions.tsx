import type { TLoanView } from '@lending/domain';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconEye, IconFileInvoice, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type TLoanAction = 'details' | 'foreclosure-details' | 'edit' | 'foreclose';

/** Which row actions a loan offers to whom. */
export const loanActionsFor = (loan: Pick<TLoanView, 'status'>, isAdmin: boolean): TLoanAction[] => {
  const actions: TLoanAction[] = [];
  if (['approved', 'closed', 'default'].includes(loan.status)) actions.push('details');
  if (loan.status === 'closed' || loan.status === 'default') actions.push('foreclosure-details');
  if (isAdmin) actions.push('edit');
  if (isAdmin && loan.status === 'approved') actions.push('foreclose');
  return actions;
};

const ACTION_LOOK: Record<TLoanAction, { label: string; color: string; icon: ReactNode }> = {
  details: { label: 'View loan details', color: 'blue', icon: <IconEye size={18} /> },
  'foreclosure-details': {
    label: 'Foreclosure details',
    color: 'grape',
    icon: <IconFileInvoice size={18} />,
  },
  edit: { label: 'Edit loan', color: 'teal', icon: <IconEdit size={18} /> },
  foreclose: { label: 'Foreclose loan', color: 'red', icon: <IconLock size={18} /> },
};

type TLoanRowActionsProps = {
  loan: TLoanView;
  isAdmin: boolean;
  onAction: (action: TLoanAction, loan: TLoanView) => void;
};

export const LoanRowActions = ({ loan, isAdmin, onAction }: TLoanRowActionsProps) => (
  <Group gap={4} wrap="nowrap">
    {loanActionsFor(loan, isAdmin).map((action) => {
      const look = ACTION_LOOK[action];
      return (
        <Tooltip key={action} label={look.label} withinPortal>
          <ActionIcon
            variant="light"
            color={look.color}
            aria-label={`${look.label} ${loan.loan_code}`}
            onClick={() => onAction(action, loan)}
          >
            {look.icon}
          </ActionIcon>
        </Tooltip>
      );
    })}
  </Group>
);

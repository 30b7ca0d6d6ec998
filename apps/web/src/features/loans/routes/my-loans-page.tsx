import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { useBusinessToday } from '../../../lib/business-today';
import { useQueryFailure } from '../../../lib/use-query-failure';
import { useMyLoans } from '../api/list-my-loans';
import { MyLoanDetailsModal } from '../components/my-loan-details-modal';
import { MyLoansTable } from '../components/my-loans-table';

export const MY_LOANS_FETCH_FAILED = 'Failed to fetch loans';

/** My Loans (/my-loans), the borrower's own loans */
export const MyLoansPage = () => {
  const today = useBusinessToday();
  const loans = useMyLoans();
  const [detailId, setDetailId] = useState<number | null>(null);
  const { isError } = loans;
  useQueryFailure(loans, () => notifications.show({ color: 'red', message: MY_LOANS_FETCH_FAILED }));

  return (
    <Stack gap="md" data-testid="page-my-loans">
      <PageTitle testId="my-loans-title" title="My Loans" />
      <MyLoansTable
        loans={isError ? [] : (loans.data ?? [])}
        today={today}
        loading={loans.isPending}
        onDetails={(loan) => setDetailId(loan.id)}
      />
      <MyLoanDetailsModal loanId={detailId} onClose={() => setDetailId(null)} />
    </Stack>
  );
};

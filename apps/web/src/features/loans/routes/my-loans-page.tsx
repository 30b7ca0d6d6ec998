import type { TMyLoan } from '@lending/domain';
import { SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { useBusinessToday } from '../../../lib/business-today';
import { useQueryFailure } from '../../../lib/use-query-failure';
import { useMyLoans } from '../api/list-my-loans';
import { MyLoanDetailsModal } from '../components/my-loan-details-modal';
import { MyLoansTable } from '../components/my-loans-table';

export const MY_LOANS_FETCH_FAILED = 'Failed to fetch loans';

type TMyLoansPageProps = {
  /** A way to pay an active loan (the messages feature's UPI link and QR code), plugged in by the route table. */
  renderLoanPay?: (loan: TMyLoan) => ReactNode;
};

/** My Loans (/my-loans), the borrower's own loans */
export const MyLoansPage = ({ renderLoanPay }: TMyLoansPageProps = {}) => {
  const today = useBusinessToday();
  const loans = useMyLoans();
  const [detailId, setDetailId] = useState<number | null>(null);
  const { isError } = loans;
  useQueryFailure(loans, () => notifications.show({ color: 'red', message: MY_LOANS_FETCH_FAILED }));
  // Only an active loan has anything to pay.
  const active = isError ? [] : (loans.data ?? []).filter((loan) => loan.status === 'approved');

  return (
    <Stack gap="md" data-testid="page-my-loans">
      <PageTitle testId="my-loans-title" title="My Loans" />
      <MyLoansTable
        loans={isError ? [] : (loans.data ?? [])}
        today={today}
        loading={loans.isPending}
        onDetails={(loan) => setDetailId(loan.id)}
      />
      {renderLoanPay === undefined || active.length === 0 ? null : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {active.map((loan) => (
            <div key={loan.id}>{renderLoanPay(loan)}</div>
          ))}
        </SimpleGrid>
      )}
      <MyLoanDetailsModal loanId={detailId} onClose={() => setDetailId(null)} />
    </Stack>
  );
};

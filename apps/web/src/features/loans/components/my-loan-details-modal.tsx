import type { TEmiView } from '@lending/domain';
import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DialogTable } from '../../../components/dialog-table';
import { LoadingOrFailed } from '../../../components/loading-or-failed';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { usePhone } from '../../../lib/use-phone';
import { useQueryFailure } from '../../../lib/use-query-failure';
import { useMyLoan } from '../api/get-my-loan';
import { formatDate, formatMoney } from '../lib/loan-format';
import { MyEmiStatusBadge, MyLoanStatusBadge } from './my-loan-badges';
import { PaymentHistory } from './payment-history';

const COLUMNS = ['EMI #', 'Date', 'Amount', 'Status', 'Paid / Bounced Date', 'Bounced Reason'];

export const MY_LOAN_DETAILS_FAILED = 'Failed to fetch loan details';

const Field = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={600} component="div">
      {children}
    </Text>
  </Stack>
);

const settledOn = (emi: TEmiView): string => {
  if (emi.status === 'bounced' || (emi.bounced_at !== null && emi.paid_at === null))
    return formatDate(emi.bounced_at);
  return formatDate(emi.payment_date ?? emi.paid_at);
};

/** A borrower's loan with its EMI schedule. */
export const MyLoanDetailsModal = ({ loanId, onClose }: { loanId: number | null; onClose: () => void }) => {
  const phone = usePhone();
  const detail = useMyLoan(loanId);
  const { isError } = detail;
  useQueryFailure(detail, () => notifications.show({ color: 'red', message: MY_LOAN_DETAILS_FAILED }));
  const data = loanId === null ? undefined : detail.data;

  return (
    <ResponsiveModal opened={loanId !== null} onClose={onClose} title="Loan Details" size="xl">
      {data !== undefined ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="my-loan-summary">
            <Field label="Loan ID">{data.loan.id}</Field>
            <Field label="Loan Code">{data.loan.loan_code}</Field>
            <Field label="Amount">{formatMoney(data.loan.loan_amount)}</Field>
            <Field label="Tenure">{`${data.loan.tenure} days`}</Field>
            <Field label="Per Day EMI">{formatMoney(data.loan.per_day_emi)}</Field>
            <Field label="Status">
              <MyLoanStatusBadge status={data.loan.status} />
            </Field>
          </SimpleGrid>
          <DialogTable
            minWidth={phone ? 440 : 560}
            height={420}
            columns={COLUMNS}
            data-testid="my-emi-schedule"
            empty={null}
          >
            {data.emis.map((emi) => (
              <Table.Tr key={emi.id} data-testid="my-emi-row">
                <Table.Td>{emi.emi_number}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(emi.emi_date)}</Table.Td>
                <Table.Td>{formatMoney(emi.amount)}</Table.Td>
                <Table.Td>
                  <MyEmiStatusBadge status={emi.status} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{settledOn(emi)}</Table.Td>
                <Table.Td>{emi.bounced_reason ?? '-'}</Table.Td>
              </Table.Tr>
            ))}
          </DialogTable>
          <PaymentHistory loanId={data.loan.id} loanCode={data.loan.loan_code} />
        </Stack>
      ) : (
        <LoadingOrFailed failed={isError} message={MY_LOAN_DETAILS_FAILED} />
      )}
    </ResponsiveModal>
  );
};

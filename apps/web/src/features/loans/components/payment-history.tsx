import type { PaymentType, TLoanPayment } from '@lending/domain';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { fetchPaymentReceiptPdf } from '../../../api/receipts';
import { ListTable } from '../../../components/list-table';
import { Pager } from '../../../components/pager';
import { formatDate, formatMoneyExact } from '../../../lib/format';
import { paymentModeLabel } from '../../../lib/payment-modes';
import { saveBlob } from '../../../lib/save-file';
import { useLoanPayments } from '../api/list-loan-payments';

export const PAYMENTS_FAILED = 'Failed to fetch payments';
export const RECEIPT_DOWNLOAD_FAILED = 'Failed to download the receipt';

const COLUMNS = ['Date', 'EMI #', 'Type', 'Mode', 'Collected', 'Collected By', 'Receipt'] as const;

const TYPE_LABELS: Record<PaymentType, string> = { full: 'Full', emi_only: 'EMI only', partial: 'Partial' };

/** The name the server gives the file, should its answer not say. */
const fallbackName = (loanCode: string, payment: TLoanPayment) =>
  `receipt_${loanCode}_EMI_${payment.emi_number}_payment_${payment.payment_id}.pdf`;

const ReceiptButton = ({ loanCode, payment }: { loanCode: string; payment: TLoanPayment }) => {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await fetchPaymentReceiptPdf(payment.payment_id);
      saveBlob(blob, fileName ?? fallbackName(loanCode, payment));
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, RECEIPT_DOWNLOAD_FAILED) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="compact-xs"
      variant="light"
      loading={busy}
      onClick={download}
      aria-label={`Download receipt of payment ${payment.payment_id}`}
    >
      PDF
    </Button>
  );
};

/**
 * Every payment record of the loan, newest first, each with its receipt PDF: also the payments of EMIs
 * an edit of the loan replaced, whose receipts the schedule above no longer reaches. Amounts are what
 * the ledger says was collected that day.
 */
export const PaymentHistory = ({ loanId, loanCode }: { loanId: number; loanCode: string }) => {
  const [page, setPage] = useState(1);
  const payments = useLoanPayments(loanId, page);
  const data = payments.data;
  const empty =
    data === undefined ? (payments.isError ? PAYMENTS_FAILED : 'Loading payments...') : 'No payments yet';
  return (
    <Stack gap="xs" data-testid="payment-history">
      <Group justify="space-between">
        <Title order={3} fz="h5">
          Payments &amp; Receipts
        </Title>
        {data === undefined ? null : (
          <Text size="sm" c="dimmed">{`${data.count} payment${data.count === 1 ? '' : 's'}`}</Text>
        )}
      </Group>
      <ListTable
        columns={COLUMNS}
        minWidth={720}
        fz="sm"
        empty={data !== undefined && data.results.length > 0 ? null : empty}
      >
        {data?.results.map((payment) => (
          <Table.Tr key={payment.payment_id} data-testid="payment-row">
            <Table.Td>{formatDate(payment.business_date)}</Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                {payment.emi_number}
                {payment.emi_replaced ? (
                  <Badge size="xs" variant="light" color="gray">
                    Replaced
                  </Badge>
                ) : null}
              </Group>
            </Table.Td>
            <Table.Td>{TYPE_LABELS[payment.payment_type]}</Table.Td>
            <Table.Td>{paymentModeLabel(payment.payment_mode)}</Table.Td>
            <Table.Td>{formatMoneyExact(payment.amount_collected)}</Table.Td>
            <Table.Td>{payment.collected_by}</Table.Td>
            <Table.Td>
              <ReceiptButton loanCode={loanCode} payment={payment} />
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <Pager page={page} totalPages={data?.totalPages ?? 0} onChange={setPage} />
    </Stack>
  );
};

import type { TReceipt } from '@lending/domain';
import { Table } from '@mantine/core';
import { paymentModeLabel } from '../../../lib/payment-modes';
import { formatAmount, formatDay } from '../lib/format';

/** A receipt's lines, a label and its value each. */
export const ReceiptRows = ({
  rows,
  testId,
}: {
  rows: readonly (readonly [string, string])[];
  testId: string;
}) => (
  <Table fz="sm" verticalSpacing={4} data-testid={testId}>
    <Table.Tbody>
      {rows.map(([label, value]) => (
        <Table.Tr key={label}>
          <Table.Th w="45%">{label}</Table.Th>
          <Table.Td>{value}</Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);

/** The receipt as plain text: the fallback when the PDF cannot load, and the phone view. */
export const TextReceipt = ({ receipt }: { receipt: TReceipt }) => {
  const rows: [string, string][] = [
    ['Loan', `${receipt.loan_code} (#${receipt.loan_number})`],
    ['Customer', `${receipt.customer_name}${receipt.customer_mobile ? ` (${receipt.customer_mobile})` : ''}`],
    ['EMI #', String(receipt.emi_number)],
    ['Due Date', formatDay(receipt.due_date)],
    ['Payment Date', formatDay(receipt.payment_date)],
    ['EMI Amount', formatAmount(receipt.amount)],
    ['Late Charge', formatAmount(receipt.late_charge)],
    ['Amount Collected', formatAmount(receipt.amount_collected)],
    ['Payment Mode', paymentModeLabel(receipt.payment_mode)],
    ['Collected By', receipt.collected_by ?? '-'],
  ];
  return <ReceiptRows rows={rows} testId="text-receipt" />;
};

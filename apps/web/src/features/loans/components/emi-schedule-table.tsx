import type { TEmiView } from '@lending/domain';
import { Badge, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { emiStatusColor, formatDate, formatMoney } from '../lib/loan-format';

type TEmiScheduleTableProps = {
  emis: TEmiView[];
  /**
   * Slot for the per-EMI payment actions of the EMI issue (Mark Paid, Bounce, payment-date edit,
   * View Receipt). Without it the table has no Actions column.
   */
  renderActions?: (emi: TEmiView) => ReactNode;
  /**
   * Slot for the inline payment-date edit of a paid or partial EMI (EMI issue); when it answers
   * null or is absent, the cell shows the paid or bounced date.
   */
  renderPaymentDate?: (emi: TEmiView) => ReactNode;
};

const paidOrBounced = (emi: TEmiView): ReactNode => {
  // payment_date is the business day of the payment (editable); paid_at the moment it was recorded.
  const paid = emi.payment_date ?? emi.paid_at;
  if (paid !== null) return `Paid ${formatDate(paid)}`;
  if (emi.bounced_at !== null) {
    return (
      <>
        {`Bounced ${formatDate(emi.bounced_at)}`}
        {emi.bounced_reason ? (
          <Text size="xs" c="dimmed">
            {emi.bounced_reason}
          </Text>
        ) : null}
      </>
    );
  }
  if (emi.foreclosure_date !== null) return `Foreclosed ${formatDate(emi.foreclosure_date)}`;
  return '-';
};

/** The EMI schedule and payment history of Loan Details. */
export const EmiScheduleTable = ({ emis, renderActions, renderPaymentDate }: TEmiScheduleTableProps) => (
  <Table.ScrollContainer minWidth={640} maxHeight={420}>
    <Table striped stickyHeader verticalSpacing={6} fz="sm" data-testid="emi-schedule">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>EMI #</Table.Th>
          <Table.Th>Due Date</Table.Th>
          <Table.Th>Amount</Table.Th>
          <Table.Th>Late Charge</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Paid / Bounced Date</Table.Th>
          {renderActions === undefined ? null : <Table.Th>Actions</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {emis.map((emi) => (
          <Table.Tr key={emi.id} data-testid="emi-row">
            <Table.Td>{emi.emi_number}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(emi.emi_date ?? emi.due_date)}</Table.Td>
            <Table.Td>{formatMoney(emi.amount)}</Table.Td>
            <Table.Td>{emi.late_charge > 0 ? formatMoney(emi.late_charge) : '-'}</Table.Td>
            <Table.Td>
              <Badge color={emiStatusColor(emi.status)} variant="light" size="sm">
                {emi.status}
              </Badge>
            </Table.Td>
            <Table.Td>{renderPaymentDate?.(emi) ?? paidOrBounced(emi)}</Table.Td>
            {renderActions === undefined ? null : <Table.Td>{renderActions(emi)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

import {
  CREDIT_EVENT_LABELS,
  formatRupees,
  istMomentText,
  rupeesToPaise,
  type TCreditEvent,
} from '@lending/domain';
import { Badge, Table } from '@mantine/core';
import { EmptyList, type TEmptyTexts } from '../../../components/empty-list';
import { ListTable } from '../../../components/list-table';
import { EVENT_COLORS, loanWithEmi } from '../lib/report-format';

const COLUMNS = ['Date', 'Customer', 'Loan', 'Event', 'Amount'];

/** What the credit events list says without rows. */
export const REPORTS_EMPTY: TEmptyTexts = {
  title: 'No reports found',
  text: 'Try adjusting your search criteria.',
  loading: 'Loading reports...',
};

/** 'All Credit Events': Date, Customer, Loan (with EMI number), Event, Amount. */
export const CreditEventsTable = ({ events, loading }: { events: TCreditEvent[]; loading: boolean }) => {
  if (events.length === 0) {
    return <EmptyList texts={REPORTS_EMPTY} loading={loading} testId="reports-empty" />;
  }
  return (
    <ListTable
      minWidth={640}
      columns={COLUMNS}
      highlightOnHover
      fz="sm"
      data-testid="credit-events-table"
      empty={null}
    >
      {events.map((event) => (
        <Table.Tr key={event.id} data-testid={`credit-event-${event.id}`}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{istMomentText(event.created_at)}</Table.Td>
          <Table.Td>{event.customer_name}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{loanWithEmi(event)}</Table.Td>
          <Table.Td>
            <Badge
              style={{ minWidth: 'max-content' }}
              size="sm"
              variant="light"
              color={EVENT_COLORS[event.event_type]}
            >
              {CREDIT_EVENT_LABELS[event.event_type]}
            </Badge>
          </Table.Td>
          <Table.Td>{formatRupees(rupeesToPaise(event.amount))}</Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
};

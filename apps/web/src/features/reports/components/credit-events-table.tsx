import {
  CREDIT_EVENT_LABELS,
  formatRupees,
  istMomentText,
  rupeesToPaise,
  type TCreditEvent,
} from '@lending/domain';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import { EVENT_COLORS, loanWithEmi } from '../lib/report-format';

const COLUMNS = ['Date', 'Customer', 'Loan', 'Event', 'Amount'];

export const REPORTS_EMPTY_TITLE = 'No reports found';
export const REPORTS_EMPTY_TEXT = 'Try adjusting your search criteria.';

/** 'All Credit Events': Date, Customer, Loan (with EMI number), Event, Amount. */
export const CreditEventsTable = ({ events, loading }: { events: TCreditEvent[]; loading: boolean }) => {
  if (events.length === 0) {
    return (
      <Stack align="center" gap={4} py="xl" data-testid="reports-empty">
        <Text fw={600}>{loading ? 'Loading reports...' : REPORTS_EMPTY_TITLE}</Text>
        {loading ? null : (
          <Text size="sm" c="dimmed">
            {REPORTS_EMPTY_TEXT}
          </Text>
        )}
      </Stack>
    );
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

import type { TDayClose } from '@lending/domain';
import { Table, Text } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import { formatDate, formatMoneyExact } from '../../../lib/format';

const COLUMNS = [
  'Day',
  'Collector',
  'Opening',
  'Cash',
  'UPI',
  'Other Modes',
  'Refunded',
  'Handed Over',
  'Received',
  'Difference',
  'Carried In Hand',
  'Closed By',
] as const;

const otherModes = (close: TDayClose) =>
  (Math.round(close.collected.bank_transfer * 100) +
    Math.round(close.collected.cheque * 100) +
    Math.round(close.collected.card * 100) +
    Math.round(close.collected.other * 100)) /
  100;

/** Closed days with their fixed figures. */
export const DayCloseTable = ({ closes, loading }: { closes: readonly TDayClose[]; loading: boolean }) => (
  <ListTable
    columns={COLUMNS}
    minWidth={1200}
    data-testid="day-closes"
    empty={loading ? 'Loading…' : closes.length === 0 ? 'No closed days match.' : null}
  >
    {closes.map((close) => (
      <Table.Tr key={close.id} data-testid={`day-close-${close.id}`}>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(close.business_date)}</Table.Td>
        <Table.Td>{close.collector_name}</Table.Td>
        <Table.Td>{formatMoneyExact(close.opening_in_hand)}</Table.Td>
        <Table.Td>{formatMoneyExact(close.collected.cash)}</Table.Td>
        <Table.Td>{formatMoneyExact(close.collected.upi)}</Table.Td>
        <Table.Td>{formatMoneyExact(otherModes(close))}</Table.Td>
        <Table.Td>{formatMoneyExact(close.refunded)}</Table.Td>
        <Table.Td>{formatMoneyExact(close.handed_over)}</Table.Td>
        <Table.Td>{formatMoneyExact(close.received)}</Table.Td>
        <Table.Td>
          <Text size="sm" c={close.difference < 0 ? 'red.7' : close.difference > 0 ? 'orange.7' : undefined}>
            {formatMoneyExact(close.difference)}
          </Text>
        </Table.Td>
        <Table.Td fw={700}>{formatMoneyExact(close.carried_in_hand)}</Table.Td>
        <Table.Td>{close.closed_by_name}</Table.Td>
      </Table.Tr>
    ))}
  </ListTable>
);

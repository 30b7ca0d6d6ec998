import { formatRupees, type TCashPosition } from '@lending/domain';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import { inIst } from '../../../lib/dayjs';
import { formatDate, formatMoneyExact } from '../../../lib/format';
import { otherModesPaise } from '../lib/cash-figures';

const COLUMNS = [
  'Collector',
  'In Hand',
  'Cash Today',
  'Other Modes Today',
  'Handed Over Today',
  'Oldest Held',
  'Age',
  'Actions',
] as const;

/**
 * The agent's phone as it last reported, under their name: collections waiting on it (cash the books
 * do not have yet) and its last sync (IST). Nothing for a collector whose phone never reported.
 */
const PhoneLine = ({ position }: { position: TCashPosition }) => {
  const { phone } = position;
  if (phone === null) return null;
  return (
    <Group gap={4} mt={2} data-testid={`phone-${position.collector_id}`}>
      {phone.pending_count > 0 ? (
        <Badge size="xs" color="orange" variant="light">{`${phone.pending_count} unsynced`}</Badge>
      ) : (
        <Badge size="xs" color="green" variant="light">
          All synced
        </Badge>
      )}
      <Text size="xs" c="dimmed">
        {phone.last_synced_at === null
          ? 'Phone never synced'
          : `Phone synced ${inIst(phone.last_synced_at).format('DD-MM-YYYY HH:mm')}`}
      </Text>
    </Group>
  );
};

type TPositionsTableProps = {
  positions: readonly TCashPosition[];
  loading: boolean;
  closing: number | null;
  /** The signed-in admin: their own cash is handed to another admin, never to themselves. */
  selfId: number | null;
  onHandover: (position: TCashPosition) => void;
  onCloseDay: (position: TCashPosition) => void;
};

/** Every collector's cash position; cash held more than a day is highlighted. */
export const PositionsTable = ({
  positions,
  loading,
  closing,
  selfId,
  onHandover,
  onCloseDay,
}: TPositionsTableProps) => (
  <ListTable
    columns={COLUMNS}
    minWidth={980}
    data-testid="cash-positions"
    empty={loading ? 'Loading…' : positions.length === 0 ? 'No collectors yet.' : null}
  >
    {positions.map((position) => (
      <Table.Tr
        key={position.collector_id}
        data-testid={`cash-row-${position.collector_id}`}
        bg={position.overdue ? 'var(--mantine-color-red-light)' : undefined}
      >
        <Table.Td>
          <Text size="sm" fw={600}>
            {position.collector_name}
          </Text>
          <Text size="xs" c="dimmed" tt="capitalize">
            {position.collector_role}
          </Text>
          <PhoneLine position={position} />
        </Table.Td>
        <Table.Td fw={700}>{formatMoneyExact(position.in_hand)}</Table.Td>
        <Table.Td>{formatMoneyExact(position.collected_today.cash)}</Table.Td>
        <Table.Td>{formatRupees(otherModesPaise(position), 2)}</Table.Td>
        <Table.Td>{formatMoneyExact(position.handed_over_today)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(position.oldest_held_date)}</Table.Td>
        <Table.Td>
          {position.age_days === null ? (
            '—'
          ) : (
            <Text size="sm" fw={position.overdue ? 700 : undefined} c={position.overdue ? 'red' : undefined}>
              {`${position.age_days} day${position.age_days === 1 ? '' : 's'}`}
            </Text>
          )}
        </Table.Td>
        <Table.Td>
          {position.day_closed ? (
            <Badge color="green" variant="light">
              Day closed
            </Badge>
          ) : (
            <Group gap={6} wrap="nowrap">
              <Button
                size="xs"
                disabled={position.in_hand <= 0 || position.collector_id === selfId}
                onClick={() => onHandover(position)}
              >
                Hand over
              </Button>
              <Button
                size="xs"
                variant="default"
                loading={closing === position.collector_id}
                onClick={() => onCloseDay(position)}
              >
                Close day
              </Button>
            </Group>
          )}
        </Table.Td>
      </Table.Tr>
    ))}
  </ListTable>
);

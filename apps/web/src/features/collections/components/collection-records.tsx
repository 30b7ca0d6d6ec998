import { type TCollectionRecord, waitedOnPhone } from '@lending/domain';
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import { PersonLines } from '../../../components/person-lines';
import { paymentModeLabel } from '../../../lib/payment-modes';
import {
  CSV_HEADERS,
  emiLabel,
  formatAmount,
  formatMoment,
  recordMoment,
  statusLabel,
} from '../lib/collection-format';

/** The export's columns (mobiles under names) and the interest share of a ledger record's instalments. */
const COLUMNS = [...CSV_HEADERS.filter((header) => !header.endsWith(' Mobile')), 'Interest'];

export const COLLECTIONS_EMPTY = 'No collections found';

type TCollectionRecordsProps = { records: TCollectionRecord[]; phone: boolean; loading: boolean };

const STATUS_COLORS: Record<string, string> = { Paid: 'green', Refunded: 'orange', Bounced: 'red' };

const StatusBadge = ({ record }: { record: TCollectionRecord }) => (
  <Badge
    style={{ minWidth: 'max-content' }}
    size="sm"
    variant="light"
    color={STATUS_COLORS[statusLabel(record)]}
  >
    {statusLabel(record)}
  </Badge>
);

/** A collection made offline: the phone's time, and whether it reached the books on a later day. */
const PhoneTime = ({ record }: { record: TCollectionRecord }) =>
  record.collected_at === null || !waitedOnPhone(record.collected_at, record.paid_at) ? null : (
    <Text size="xs" c={record.synced_late ? 'orange' : 'dimmed'} data-testid="collected-on-phone">
      {`Collected on phone ${formatMoment(record.collected_at)}${record.synced_late ? ' · synced late' : ''}`}
    </Text>
  );

const keyOf = (record: TCollectionRecord, index: number) =>
  `${record.loan_code}-${record.emi_number}-${record.status}-${recordMoment(record)}-${index}`;

/** The detail rows: a table, or cards on small screens. */
export const CollectionRecords = ({ records, phone, loading }: TCollectionRecordsProps) => {
  if (records.length === 0) {
    return (
      <Text ta="center" c="dimmed" py="xl">
        {loading ? 'Loading collections...' : COLLECTIONS_EMPTY}
      </Text>
    );
  }
  if (phone) {
    return (
      <Stack gap="xs" data-testid="collection-cards">
        {records.map((record, index) => (
          <Paper key={keyOf(record, index)} withBorder p="sm" radius="md" data-testid="collection-card">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} size="sm">
                {record.customer.name}
              </Text>
              <Text fw={700}>{formatAmount(record.amount)}</Text>
            </Group>
            <Group justify="space-between" wrap="nowrap">
              <Text size="xs" c="dimmed">
                {`${record.loan_code} · #${record.loan_number} · ${record.emi_number === null ? emiLabel(record) : `EMI ${record.emi_number}`}`}
              </Text>
              <StatusBadge record={record} />
            </Group>
            <Text size="xs" c="dimmed">
              {[
                formatMoment(recordMoment(record)),
                record.collector.name,
                record.payment_mode === null ? null : paymentModeLabel(record.payment_mode),
              ]
                .filter((part) => part !== null)
                .join(' · ')}
            </Text>
            <PhoneTime record={record} />
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <ListTable
      minWidth={900}
      columns={COLUMNS}
      highlightOnHover
      fz="sm"
      data-testid="collections-table"
      empty={null}
    >
      {records.map((record, index) => (
        <Table.Tr key={keyOf(record, index)} data-testid="collection-row">
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {formatMoment(recordMoment(record))}
            <PhoneTime record={record} />
          </Table.Td>
          <Table.Td>
            <PersonLines name={record.collector.name} mobile={record.collector.mobile} />
          </Table.Td>
          <Table.Td>
            <PersonLines name={record.customer.name} mobile={record.customer.mobile} />
          </Table.Td>
          <Table.Td>{record.loan_code}</Table.Td>
          <Table.Td>{record.loan_number}</Table.Td>
          <Table.Td>{emiLabel(record)}</Table.Td>
          <Table.Td>{paymentModeLabel(record.payment_mode)}</Table.Td>
          <Table.Td>
            <StatusBadge record={record} />
          </Table.Td>
          <Table.Td fw={600}>{formatAmount(record.amount)}</Table.Td>
          <Table.Td data-testid="collection-interest">
            {record.interest_share === null ? '—' : formatAmount(record.interest_share)}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
};

import type { TCollectionRecord } from '@lending/domain';
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import {
  formatAmount,
  formatMoment,
  paymentModeLabel,
  recordMoment,
  statusLabel,
} from '../lib/collection-format';

export const COLLECTIONS_EMPTY = 'No collections found';

type TCollectionRecordsProps = { records: TCollectionRecord[]; phone: boolean; loading: boolean };

const StatusBadge = ({ status }: { status: TCollectionRecord['status'] }) => (
  <Badge
    style={{ minWidth: 'max-content' }}
    size="sm"
    variant="light"
    color={status === 'paid' ? 'green' : 'red'}
  >
    {statusLabel(status)}
  </Badge>
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
                {`${record.loan_code} · #${record.loan_number} · EMI ${record.emi_number}`}
              </Text>
              <StatusBadge status={record.status} />
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
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover fz="sm" verticalSpacing={6} data-testid="collections-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Agent</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Loan Code</Table.Th>
            <Table.Th>Loan #</Table.Th>
            <Table.Th>EMI #</Table.Th>
            <Table.Th>Payment Mode</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record, index) => (
            <Table.Tr key={keyOf(record, index)} data-testid="collection-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoment(recordMoment(record))}</Table.Td>
              <Table.Td>
                <Text size="sm">{record.collector.name}</Text>
                {record.collector.mobile ? (
                  <Text size="xs" c="dimmed">
                    {record.collector.mobile}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{record.customer.name}</Text>
                {record.customer.mobile ? (
                  <Text size="xs" c="dimmed">
                    {record.customer.mobile}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{record.loan_code}</Table.Td>
              <Table.Td>{record.loan_number}</Table.Td>
              <Table.Td>{record.emi_number}</Table.Td>
              <Table.Td>{paymentModeLabel(record.payment_mode)}</Table.Td>
              <Table.Td>
                <StatusBadge status={record.status} />
              </Table.Td>
              <Table.Td fw={600}>{formatAmount(record.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

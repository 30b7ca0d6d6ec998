import {
  COLLECTION_REPORT_COLUMNS,
  collectionEmiLabel,
  collectionMoment,
  collectionStatusLabel,
  istMomentText,
  reportColumns,
  type TCollectionRecord,
  waitedOnPhone,
} from '@lending/domain';
import { Badge, Group, Paper, Stack, Table, type TableTdProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListTable } from '../../../components/list-table';
import { PersonLines } from '../../../components/person-lines';
import { ReportCells } from '../../../components/report-cells';
import { paymentModeLabel } from '../../../lib/payment-modes';
import { formatAmount } from '../lib/collection-format';

const COLUMNS = reportColumns(COLLECTION_REPORT_COLUMNS, 'screen');
const HEADERS = COLUMNS.map((column) => column.header);

export const COLLECTIONS_EMPTY = 'No collections found';

type TCollectionRecordsProps = { records: TCollectionRecord[]; phone: boolean; loading: boolean };

const STATUS_COLORS: Record<string, string> = { Paid: 'green', Refunded: 'orange', Bounced: 'red' };

const StatusBadge = ({ record }: { record: TCollectionRecord }) => (
  <Badge
    style={{ minWidth: 'max-content' }}
    size="sm"
    variant="light"
    color={STATUS_COLORS[collectionStatusLabel(record)]}
  >
    {collectionStatusLabel(record)}
  </Badge>
);

/** A collection made offline: the phone's time, and whether it reached the books on a later day. */
const PhoneTime = ({ record }: { record: TCollectionRecord }) =>
  record.collected_at === null || !waitedOnPhone(record.collected_at, record.paid_at) ? null : (
    <Text size="xs" c={record.synced_late ? 'orange' : 'dimmed'} data-testid="collected-on-phone">
      {`Collected on phone ${istMomentText(record.collected_at)}${record.synced_late ? ' · synced late' : ''}`}
    </Text>
  );

/** Cells drawn richer than their column's text: people with their mobiles, the status as a badge. */
const RICH_CELLS: Record<string, (record: TCollectionRecord, text: string) => ReactNode> = {
  date: (record, text) => (
    <>
      {text}
      <PhoneTime record={record} />
    </>
  ),
  agent: (record) => <PersonLines name={record.collector.name} mobile={record.collector.mobile} />,
  customer: (record) => <PersonLines name={record.customer.name} mobile={record.customer.mobile} />,
  status: (record) => <StatusBadge record={record} />,
};

const CELL_PROPS: Record<string, TableTdProps & { 'data-testid'?: string }> = {
  date: { style: { whiteSpace: 'nowrap' } },
  amount: { fw: 600 },
  interest: { 'data-testid': 'collection-interest' },
};

const keyOf = (record: TCollectionRecord, index: number) =>
  `${record.loan_code}-${record.emi_number}-${record.status}-${collectionMoment(record)}-${index}`;

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
                {`${record.loan_code} · #${record.loan_number} · ${record.emi_number === null ? collectionEmiLabel(record) : `EMI ${record.emi_number}`}`}
              </Text>
              <StatusBadge record={record} />
            </Group>
            <Text size="xs" c="dimmed">
              {[
                istMomentText(collectionMoment(record)),
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
      columns={HEADERS}
      highlightOnHover
      fz="sm"
      data-testid="collections-table"
      empty={null}
    >
      {records.map((record, index) => (
        <Table.Tr key={keyOf(record, index)} data-testid="collection-row">
          <ReportCells columns={COLUMNS} line={record} rich={RICH_CELLS} cellProps={CELL_PROPS} />
        </Table.Tr>
      ))}
    </ListTable>
  );
};

import type { TCollectionReportResponse } from '@lending/domain';
import { Paper, Stack, Table, Title } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import { formatDate } from '../../../lib/format';
import { formatAmount } from '../lib/collection-format';

const COLUMNS = [
  'Date',
  'Agent',
  'Mobile',
  'Total Collected',
  'Total Bounced',
  'EMIs Collected',
  'EMIs Bounced',
];

type TDailySummaryTableProps = { rows: TCollectionReportResponse['dailySummary'] };

/** Agent Daily Collection Summary: one row per IST day and agent. */
export const DailySummaryTable = ({ rows }: TDailySummaryTableProps) => (
  <Paper withBorder p="sm" radius="md">
    <Stack gap="xs">
      <Title order={2} fz="h4">
        Agent Daily Collection Summary
      </Title>
      <ListTable
        minWidth={720}
        maxHeight={360}
        columns={COLUMNS}
        stickyHeader
        fz="sm"
        data-testid="daily-summary"
        empty={rows.length === 0 ? 'No collections in this period' : null}
      >
        {rows.map((row) => (
          <Table.Tr key={`${row.date}-${row.agent.id}`}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</Table.Td>
            <Table.Td>{row.agent.name}</Table.Td>
            <Table.Td>{row.agent.mobile ?? '-'}</Table.Td>
            <Table.Td c="green" fw={600}>
              {formatAmount(row.totalCollected)}
            </Table.Td>
            <Table.Td c="red">{formatAmount(row.totalBounced)}</Table.Td>
            <Table.Td>{row.emisCollected}</Table.Td>
            <Table.Td>{row.emisBounced}</Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    </Stack>
  </Paper>
);

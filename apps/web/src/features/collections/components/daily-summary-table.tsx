import type { TCollectionReportResponse } from '@lending/domain';
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate } from '../../../lib/format';
import { formatAmount } from '../lib/collection-format';

type TDailySummaryTableProps = { rows: TCollectionReportResponse['dailySummary'] };

/** Agent Daily Collection Summary: one row per IST day and agent. */
export const DailySummaryTable = ({ rows }: TDailySummaryTableProps) => (
  <Paper withBorder p="sm" radius="md">
    <Stack gap="xs">
      <Title order={2} fz="h4">
        Agent Daily Collection Summary
      </Title>
      <Table.ScrollContainer minWidth={720} maxHeight={360}>
        <Table striped stickyHeader fz="sm" verticalSpacing={6} data-testid="daily-summary">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Agent</Table.Th>
              <Table.Th>Mobile</Table.Th>
              <Table.Th>Total Collected</Table.Th>
              <Table.Th>Total Bounced</Table.Th>
              <Table.Th>EMIs Collected</Table.Th>
              <Table.Th>EMIs Bounced</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text ta="center" c="dimmed" size="sm" py="sm">
                    No collections in this period
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={`${row.date}-${row.agent.id}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.date)}</Table.Td>
                  <Table.Td>{row.agent.name}</Table.Td>
                  <Table.Td>{row.agent.mobile ?? '-'}</Table.Td>
                  <Table.Td c="green.7" fw={600}>
                    {formatAmount(row.totalCollected)}
                  </Table.Td>
                  <Table.Td c="red.7">{formatAmount(row.totalBounced)}</Table.Td>
                  <Table.Td>{row.emisCollected}</Table.Td>
                  <Table.Td>{row.emisBounced}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  </Paper>
);

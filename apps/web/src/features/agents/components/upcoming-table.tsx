import type { TUpcomingEmi } from '@lending/domain';
import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import { formatAmount, formatDay } from '../lib/format';

const COLUMNS = ['Customer', 'Mobile', 'Loan Code', 'EMI #', 'Due Date', 'Amount'];

export const UPCOMING_EMPTY = 'No EMIs due in the next 3 days';

type TUpcomingTableProps = { emis: TUpcomingEmi[]; loading: boolean; failed: boolean; phone: boolean };

const keyOf = (emi: TUpcomingEmi) => `${emi.loan_id}-${emi.emi_number}`;

/** Phones: two short lines per EMI instead of six columns. */
const UpcomingRows = ({ emis }: { emis: TUpcomingEmi[] }) => (
  <Stack gap={0} data-testid="upcoming-list">
    {emis.map((emi) => (
      <Group
        key={keyOf(emi)}
        justify="space-between"
        wrap="nowrap"
        py={6}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {emi.customer_name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {`${emi.loan_code} · EMI #${emi.emi_number} · ${emi.customer_mobile ?? '-'}`}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text size="sm" fw={600}>
            {formatAmount(emi.amount)}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDay(emi.emi_date)}
          </Text>
        </Stack>
      </Group>
    ))}
  </Stack>
);

/** 'Upcoming EMIs' of the next 3 days. */
export const UpcomingTable = ({ emis, loading, failed, phone }: TUpcomingTableProps) => (
  <Paper withBorder p="sm" radius="md">
    <Stack gap="xs">
      <Title order={2} fz="h4">
        Upcoming EMIs
      </Title>
      {phone && emis.length > 0 ? (
        <UpcomingRows emis={emis} />
      ) : (
        <ListTable
          minWidth={560}
          columns={COLUMNS}
          fz="sm"
          data-testid="upcoming-table"
          empty={
            emis.length === 0
              ? loading
                ? 'Loading upcoming EMIs...'
                : failed
                  ? 'Could not load upcoming EMIs.'
                  : UPCOMING_EMPTY
              : null
          }
        >
          {emis.map((emi) => (
            <Table.Tr key={keyOf(emi)}>
              <Table.Td>{emi.customer_name}</Table.Td>
              <Table.Td>{emi.customer_mobile ?? '-'}</Table.Td>
              <Table.Td>{emi.loan_code}</Table.Td>
              <Table.Td>{emi.emi_number}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(emi.emi_date)}</Table.Td>
              <Table.Td>{formatAmount(emi.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </Stack>
  </Paper>
);

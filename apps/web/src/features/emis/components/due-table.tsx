import { formatRupees, type Paise, rupeesToPaise, type TDueEmi } from '@lending/domain';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { emiStatusColor, formatDate, formatMoney } from '../../../lib/format';
import { EMI_STATUS_LABELS } from '../lib/labels';

type TDueRowsProps = {
  rows: TDueEmi[];
  onPay: (row: TDueEmi) => void;
  onBounce: (row: TDueEmi) => void;
};

/** Total Due: amount + late charge, summed in paise, shown in rupees like the other columns. */
const totalDue = (row: TDueEmi): string =>
  formatRupees((rupeesToPaise(row.amount) + rupeesToPaise(row.late_charge)) as Paise);

const StatusBadge = ({ row }: { row: TDueEmi }) => (
  // The label never truncates: a squeezed column would show 'PENDI…'.
  <Badge
    color={emiStatusColor(row.status)}
    variant="light"
    size="sm"
    styles={{ label: { overflow: 'visible' } }}
  >
    {EMI_STATUS_LABELS[row.status]}
  </Badge>
);

/** Pay and Bounce for pending rows, the status badge otherwise. */
const RowActions = ({ row, onPay, onBounce }: { row: TDueEmi } & Omit<TDueRowsProps, 'rows'>) =>
  row.status === 'pending' ? (
    <Group gap={6} wrap="nowrap">
      <Button
        size="compact-sm"
        color="green"
        aria-label={`Pay EMI ${row.emi_number} of ${row.Loan.loan_code}`}
        onClick={() => onPay(row)}
      >
        Pay
      </Button>
      <Button
        size="compact-sm"
        color="red"
        variant="light"
        aria-label={`Bounce EMI ${row.emi_number} of ${row.Loan.loan_code}`}
        onClick={() => onBounce(row)}
      >
        Bounce
      </Button>
    </Group>
  ) : (
    <StatusBadge row={row} />
  );

/** The due EMIs as a table (desktop): the columns */
export const DueTable = ({ rows, onPay, onBounce }: TDueRowsProps) => (
  <Table.ScrollContainer minWidth={900}>
    <Table
      striped
      highlightOnHover
      verticalSpacing="sm"
      horizontalSpacing="xs"
      fz="sm"
      data-testid="due-table"
      styles={{ th: { whiteSpace: 'nowrap', fontSize: 'var(--mantine-font-size-xs)' } }}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Loan Details</Table.Th>
          <Table.Th>Customer</Table.Th>
          <Table.Th>EMI Details</Table.Th>
          <Table.Th>EMI Amount</Table.Th>
          <Table.Th>Late Charges</Table.Th>
          <Table.Th>Total Due</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Due Date</Table.Th>
          <Table.Th>Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} data-testid="due-row">
            <Table.Td>
              <Text fw={600} size="sm">{`#${row.Loan.loan_number}`}</Text>
              <Text size="xs" c="dimmed">
                {row.Loan.loan_code}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{row.Loan.customer.name}</Text>
              <Text size="xs" c="dimmed">
                {row.Loan.customer.mobile ?? '-'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{`EMI #${row.emi_number}`}</Text>
              <Text size="xs" c="dimmed">{`${formatMoney(row.Loan.per_day_emi)}/day`}</Text>
            </Table.Td>
            <Table.Td>{formatMoney(row.amount)}</Table.Td>
            <Table.Td c={row.late_charge > 0 ? 'red' : undefined}>
              {row.late_charge > 0 ? formatMoney(row.late_charge) : '-'}
            </Table.Td>
            <Table.Td fw={600}>{totalDue(row)}</Table.Td>
            <Table.Td>
              <StatusBadge row={row} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.emi_date)}</Table.Td>
            <Table.Td>
              <RowActions row={row} onPay={onPay} onBounce={onBounce} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);

const Fact = ({ label, value, color }: { label: string; value: string; color?: string }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={600} c={color}>
      {value}
    </Text>
  </Stack>
);

/** The due EMIs as cards (phones). */
export const DueCardsList = ({ rows, onPay, onBounce }: TDueRowsProps) => (
  <Stack gap="sm" data-testid="due-table">
    {rows.map((row) => (
      <Paper key={row.id} withBorder p="sm" radius="md" data-testid="due-row">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={0}>
            <Text fw={600}>{row.Loan.customer.name}</Text>
            <Text size="xs" c="dimmed">
              {`${row.Loan.customer.mobile ?? '-'} · #${row.Loan.loan_number} ${row.Loan.loan_code}`}
            </Text>
          </Stack>
          <StatusBadge row={row} />
        </Group>
        <SimpleGrid cols={3} mt="xs" spacing="xs">
          <Fact label={`EMI #${row.emi_number}`} value={formatMoney(row.amount)} />
          <Fact
            label="Late Charges"
            value={row.late_charge > 0 ? formatMoney(row.late_charge) : '-'}
            color={row.late_charge > 0 ? 'red' : undefined}
          />
          <Fact label="Total Due" value={totalDue(row)} />
        </SimpleGrid>
        <Group justify="space-between" mt="xs">
          <Text size="xs" c="dimmed">{`Due ${formatDate(row.emi_date)}`}</Text>
          {row.status === 'pending' ? <RowActions row={row} onPay={onPay} onBounce={onBounce} /> : null}
        </Group>
      </Paper>
    ))}
  </Stack>
);

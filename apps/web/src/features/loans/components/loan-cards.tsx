import { ActionIcon, Badge, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { LabelledValue } from '../../../components/labelled-value';
import { PersonLines } from '../../../components/person-lines';
import type { TLoanSortField } from '../api/list-loans';
import { formatDate, formatMoney, loanStatusColor, loanStatusLabel } from '../lib/loan-format';
import { LoanRowActions } from './loan-row-actions';
import { LOANS_EMPTY_MESSAGE, type TLoanListProps } from './loans-table';

const SORT_OPTIONS: { value: TLoanSortField; label: string }[] = [
  { value: 'loan_number', label: 'Loan #' },
  { value: 'customer_name', label: 'Customer' },
  { value: 'loan_amount', label: 'Amount' },
  { value: 'per_day_emi', label: 'Daily EMI' },
  { value: 'start_date', label: 'Start Date' },
];

/** The loans list on a phone: one card per loan with the table's columns, and a sort control. */
export const LoanCards = ({ loans, sort, onSort, isAdmin, onAction, loading }: TLoanListProps) => (
  <Stack gap="sm" data-testid="loan-cards">
    <Group gap="xs" wrap="nowrap">
      <Select
        flex={1}
        aria-label="Sort by"
        data={SORT_OPTIONS}
        value={sort.sort_by}
        allowDeselect={false}
        onChange={(value) => {
          const field = SORT_OPTIONS.find((option) => option.value === value)?.value;
          if (field !== undefined && field !== sort.sort_by) onSort(field);
        }}
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={sort.sort_direction === 'asc' ? 'Sorted ascending' : 'Sorted descending'}
        onClick={() => onSort(sort.sort_by)}
      >
        {sort.sort_direction === 'asc' ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
      </ActionIcon>
    </Group>
    {loans.length === 0 ? (
      <Text ta="center" c="dimmed" py="xl">
        {loading ? 'Loading loans...' : LOANS_EMPTY_MESSAGE}
      </Text>
    ) : (
      loans.map((loan) => (
        <Paper key={loan.id} withBorder radius="md" p="sm" data-testid={`loan-card-row-${loan.id}`}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={0}>
              <Text fw={700}>{`#${loan.loan_number} · ${loan.loan_code}`}</Text>
              <PersonLines name={loan.customer_name} mobile={loan.customer_mobile} />
            </Stack>
            <Badge color={loanStatusColor(loan.status)} variant="light">
              {loanStatusLabel(loan.status)}
            </Badge>
          </Group>
          <SimpleGrid cols={3} mt="xs" spacing="xs">
            <LabelledValue fw={500} label="Amount" value={formatMoney(loan.loan_amount)} />
            <LabelledValue fw={500} label="Daily EMI" value={formatMoney(loan.per_day_emi)} />
            <LabelledValue fw={500} label="Start Date" value={formatDate(loan.start_date)} />
          </SimpleGrid>
          <Group justify="space-between" mt="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" truncate>
              {loan.payment_method ?? '-'}
            </Text>
            <LoanRowActions loan={loan} isAdmin={isAdmin} onAction={onAction} />
          </Group>
        </Paper>
      ))
    )}
  </Stack>
);

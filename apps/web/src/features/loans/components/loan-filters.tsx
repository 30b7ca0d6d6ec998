import { LOAN_STATUSES } from '@lending/domain';
import { Button, Grid, Group, Paper, Pill, Select, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconSearch } from '@tabler/icons-react';
import { formatPickerDate, PICKER_FORMAT, parsePickerDate } from '../../../lib/date-input';
import type { TLoanCustomer } from '../api/list-customers';
import type { TLoanFilters } from '../api/list-loans';
import { loanStatusLabel } from '../lib/loan-format';
import type { TLoanFiltersState } from '../lib/use-loan-filters';

const ALL_CUSTOMERS = 'all';

export const STATUS_FILTER_OPTIONS = LOAN_STATUSES.map((status) => ({
  value: status,
  label: loanStatusLabel(status),
}));

export const customerLabel = (customer: TLoanCustomer): string =>
  customer.mobile ? `${customer.name} (${customer.mobile})` : customer.name;

type TLoanFiltersProps = {
  state: TLoanFiltersState;
  customers: TLoanCustomer[];
};

type TChip = { key: keyof TLoanFilters; label: string };

const chipsOf = (applied: TLoanFilters, customers: TLoanCustomer[]): TChip[] => {
  const chips: TChip[] = [];
  if (applied.search !== '') chips.push({ key: 'search', label: `Search: ${applied.search}` });
  if (applied.status !== '')
    chips.push({ key: 'status', label: `Status: ${loanStatusLabel(applied.status)}` });
  if (applied.customer_id !== '') {
    const customer = customers.find((candidate) => String(candidate.id) === applied.customer_id);
    chips.push({ key: 'customer_id', label: `Customer: ${customer?.name ?? `#${applied.customer_id}`}` });
  }
  if (applied.start_date !== '')
    chips.push({ key: 'start_date', label: `From: ${formatPickerDate(applied.start_date)}` });
  if (applied.end_date !== '')
    chips.push({ key: 'end_date', label: `To: ${formatPickerDate(applied.end_date)}` });
  return chips;
};

/** Search, status, customer, from/to dates, Clear Filters and the removable chips. */
export const LoanFilters = ({ state, customers }: TLoanFiltersProps) => {
  const { values, applied } = state;
  const customerOptions = [
    { value: ALL_CUSTOMERS, label: `All Customers (${customers.length})` },
    ...customers.map((customer) => ({ value: String(customer.id), label: customerLabel(customer) })),
  ];
  const chips = chipsOf(applied, customers);

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
            <TextInput
              label="Search"
              placeholder="Loan #, code, name, mobile"
              leftSection={<IconSearch size={16} />}
              value={values.search}
              onChange={(event) => state.setSearchText(event.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 5, sm: 3, lg: 2 }}>
            <Select
              label="Status"
              placeholder="All"
              data={STATUS_FILTER_OPTIONS}
              value={values.status === '' ? null : values.status}
              onChange={(value) => state.setFilter('status', value ?? '')}
              clearable
            />
          </Grid.Col>
          <Grid.Col span={{ base: 7, sm: 3, lg: 3 }}>
            <Select
              label="Customer"
              searchable
              data={customerOptions}
              value={values.customer_id === '' ? ALL_CUSTOMERS : values.customer_id}
              onChange={(value) =>
                state.setFilter('customer_id', value === null || value === ALL_CUSTOMERS ? '' : value)
              }
              nothingFoundMessage="No customers found"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, lg: 2 }}>
            <DateInput
              label="From Date"
              placeholder="dd/mm/yyyy"
              valueFormat={PICKER_FORMAT}
              dateParser={parsePickerDate}
              clearable
              value={values.start_date === '' ? null : values.start_date}
              onChange={(value) => state.setFilter('start_date', value ?? '')}
              maxDate={values.end_date === '' ? undefined : values.end_date}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, lg: 2 }}>
            <DateInput
              label="To Date"
              placeholder="dd/mm/yyyy"
              valueFormat={PICKER_FORMAT}
              dateParser={parsePickerDate}
              clearable
              value={values.end_date === '' ? null : values.end_date}
              onChange={(value) => state.setFilter('end_date', value ?? '')}
              minDate={values.start_date === '' ? undefined : values.start_date}
            />
          </Grid.Col>
        </Grid>
        <Group justify="space-between" gap="xs">
          <Group gap="xs" data-testid="loan-filter-chips">
            {chips.map((chip) => (
              <Pill
                key={chip.key}
                withRemoveButton
                onRemove={() => state.clearFilter(chip.key)}
                removeButtonProps={{
                  'aria-label': `Remove ${chip.label}`,
                  'aria-hidden': false,
                  tabIndex: 0,
                }}
              >
                {chip.label}
              </Pill>
            ))}
          </Group>
          <Button
            variant="default"
            size="xs"
            onClick={state.clearAll}
            disabled={chips.length === 0 && values.search === ''}
          >
            Clear Filters
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};

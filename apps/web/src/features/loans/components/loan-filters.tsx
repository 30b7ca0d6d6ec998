import { LOAN_STATUS_FILTERS } from '@lending/domain';
import { Grid, Select } from '@mantine/core';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterBar, type TFilterChip } from '../../../components/filter-bar';
import { SearchInput } from '../../../components/search-input';
import { formatPickerDate } from '../../../lib/date-input';
import type { TListFilters } from '../../../lib/use-list-filters';
import type { TLoanCustomer } from '../api/list-customers';
import type { TLoanFilters } from '../api/list-loans';
import { loanStatusLabel } from '../lib/loan-format';

const ALL_CUSTOMERS = 'all';

export const STATUS_FILTER_OPTIONS = LOAN_STATUS_FILTERS.map((status) => ({
  value: status,
  label: loanStatusLabel(status),
}));

export const customerLabel = (customer: TLoanCustomer): string =>
  customer.mobile ? `${customer.name} (${customer.mobile})` : customer.name;

type TLoanFiltersProps = {
  state: TListFilters<TLoanFilters>;
  customers: TLoanCustomer[];
};

type TChip = TFilterChip<keyof TLoanFilters>;

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
  if (applied.overdue_min !== '' || applied.overdue_max !== '') {
    const range =
      applied.overdue_max === ''
        ? `${applied.overdue_min}+`
        : `${applied.overdue_min || 0}–${applied.overdue_max}`;
    chips.push({ key: 'overdue_min', label: `Overdue: ${range} days` });
  }
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
  // The overdue chip stands for both bounds of the range.
  const removeChip = (key: keyof TLoanFilters) =>
    key === 'overdue_min' ? state.setMany({ overdue_min: '', overdue_max: '' }) : state.set(key, '');

  return (
    <FilterBar
      chips={chips}
      onRemoveChip={removeChip}
      chipsTestId="loan-filter-chips"
      clearLabel="Clear Filters"
      onClearAll={state.clear}
      clearDisabled={chips.length === 0 && values.search === ''}
    >
      <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
        <SearchInput
          label="Search"
          placeholder="Loan #, code, name, mobile"
          value={values.search}
          onValueChange={(value) => state.set('search', value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 5, sm: 3, lg: 2 }}>
        <Select
          label="Status"
          placeholder="All"
          data={STATUS_FILTER_OPTIONS}
          value={values.status === '' ? null : values.status}
          onChange={(value) => state.set('status', value ?? '')}
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
            state.set('customer_id', value === null || value === ALL_CUSTOMERS ? '' : value)
          }
          nothingFoundMessage="No customers found"
        />
      </Grid.Col>
      <DateRangeFilter
        labels={['From Date', 'To Date']}
        span={{ base: 6, lg: 2 }}
        bounded
        from={values.start_date}
        to={values.end_date}
        onFromChange={(value) => state.set('start_date', value)}
        onToChange={(value) => state.set('end_date', value)}
      />
    </FilterBar>
  );
};

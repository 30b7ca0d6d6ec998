import { LOAN_CLASS_TITLES, LOAN_CLASSES, LOAN_STATUS_FILTERS, type LoanClass } from '@lending/domain';
import { Grid, Select } from '@mantine/core';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterBar, filterChips, type TFilterChip } from '../../../components/filter-bar';
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

const ALL_CLASSES = 'all';

/** The class choices: every class at the latest day-end close, or all of them. */
export const CLASS_FILTER_OPTIONS = [
  { value: ALL_CLASSES, label: 'All' },
  ...LOAN_CLASSES.map((loanClass) => ({ value: loanClass, label: LOAN_CLASS_TITLES[loanClass] })),
];

const classTitle = (value: string): string => LOAN_CLASS_TITLES[value as LoanClass] ?? value;

export const customerLabel = (customer: TLoanCustomer): string =>
  customer.mobile ? `${customer.name} (${customer.mobile})` : customer.name;

type TLoanFiltersProps = {
  state: TListFilters<TLoanFilters>;
  customers: TLoanCustomer[];
};

type TChip = TFilterChip<keyof TLoanFilters>;

const overdueChip = ({ overdue_min: min, overdue_max: max }: TLoanFilters): TChip[] => {
  if (min === '' && max === '') return [];
  return [{ key: 'overdue_min', label: `Overdue: ${max === '' ? `${min}+` : `${min || 0}–${max}`} days` }];
};

const chipsOf = (applied: TLoanFilters, customers: TLoanCustomer[]): TChip[] => [
  ...filterChips<keyof TLoanFilters>([
    { key: 'search', label: 'Search', value: applied.search },
    { key: 'status', label: 'Status', value: applied.status, show: loanStatusLabel },
    { key: 'loan_class', label: 'Class', value: applied.loan_class, show: classTitle },
    {
      key: 'customer_id',
      label: 'Customer',
      value: applied.customer_id,
      show: (id) => customers.find((candidate) => String(candidate.id) === id)?.name ?? `#${id}`,
    },
    { key: 'start_date', label: 'From', value: applied.start_date, show: formatPickerDate },
    { key: 'end_date', label: 'To', value: applied.end_date, show: formatPickerDate },
  ]),
  ...overdueChip(applied),
];

/** Search, status, class, customer, from/to dates, Clear Filters and the removable chips. */
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
      <Grid.Col span={{ base: 12, sm: 6, lg: 2.5 }}>
        <SearchInput
          label="Search"
          placeholder="Loan #, code, name, mobile"
          value={values.search}
          onValueChange={(value) => state.set('search', value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3, lg: 1.5 }}>
        <Select
          label="Status"
          placeholder="All"
          data={STATUS_FILTER_OPTIONS}
          value={values.status === '' ? null : values.status}
          onChange={(value) => state.set('status', value ?? '')}
          clearable
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3, lg: 1.5 }}>
        <Select
          label="Class"
          data={CLASS_FILTER_OPTIONS}
          value={values.loan_class === '' ? ALL_CLASSES : values.loan_class}
          allowDeselect={false}
          onChange={(value) => state.set('loan_class', value === null || value === ALL_CLASSES ? '' : value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, lg: 2.5 }}>
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

import { Grid, Paper, Select, Stack, Title } from '@mantine/core';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { filterChips, ListFilterBar } from '../../../components/filter-bar';
import { FilterSearch } from '../../../components/filter-fields';
import { formatPickerDate } from '../../../lib/date-input';
import type { TListFilters } from '../../../lib/use-list-filters';
import type { TExpenseFilters } from '../api/list-expenses';

type TExpenseFiltersState = TListFilters<TExpenseFilters>;

type TUserChoice = { id: number; name: string };

const chipsOf = (values: TExpenseFilters, users: readonly TUserChoice[]) =>
  filterChips<keyof TExpenseFilters>([
    { key: 'search', label: 'Search', value: values.search },
    {
      key: 'userId',
      label: 'User',
      value: values.userId,
      show: (id) => users.find((user) => String(user.id) === id)?.name ?? id,
    },
    { key: 'startDate', label: 'From', value: values.startDate, show: formatPickerDate },
    { key: 'endDate', label: 'To', value: values.endDate, show: formatPickerDate },
  ]);

const SearchCell = ({ state }: { state: TExpenseFiltersState }) => (
  <FilterSearch
    span={{ base: 12, md: 6 }}
    placeholder="Expense name, reason or user"
    value={state.values.search}
    onValueChange={(value) => state.set('search', value)}
  />
);

const DateCells = ({ state, span }: { state: TExpenseFiltersState; span: { base: number; md: number } }) => (
  <DateRangeFilter
    labels={['Start Date', 'End Date']}
    span={span}
    from={state.values.startDate}
    to={state.values.endDate}
    onFromChange={(value) => state.set('startDate', value)}
    onToChange={(value) => state.set('endDate', value)}
    toError={state.error}
  />
);

/** An agent's filters: their own expenses, searched and by date range only. */
export const MyExpensesPanel = ({ state }: { state: TExpenseFiltersState }) => (
  <Paper withBorder p="md" radius="md" data-testid="my-expenses-panel">
    <Stack gap="sm">
      <Title order={2} fz="h4">
        My Expenses
      </Title>
      <Grid gap="sm">
        <SearchCell state={state} />
        <DateCells state={state} span={{ base: 6, md: 3 }} />
      </Grid>
    </Stack>
  </Paper>
);

type TAdminFiltersProps = { state: TExpenseFiltersState; users: readonly TUserChoice[] };

/** Staff filters: search, Filter by User (All Users by default), the dates, Reset Filters and chips. */
export const AdminExpenseFilters = ({ state, users }: TAdminFiltersProps) => {
  const chips = chipsOf(state.values, users);
  return (
    <ListFilterBar
      filters={state}
      chips={chips}
      chipsTestId="expense-filter-chips"
      clearLabel="Reset Filters"
    >
      <SearchCell state={state} />
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Select
          label="Filter by User"
          data={[
            { value: '', label: 'All Users' },
            ...users.map((user) => ({ value: String(user.id), label: user.name })),
          ]}
          value={state.values.userId}
          onChange={(value) => state.set('userId', value ?? '')}
          allowDeselect={false}
          searchable
        />
      </Grid.Col>
      <DateCells state={state} span={{ base: 6, md: 6 }} />
    </ListFilterBar>
  );
};

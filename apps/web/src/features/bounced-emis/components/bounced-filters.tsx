import { DateRangeFilter } from '../../../components/date-range-filter';
import { filterChips, ListFilterBar } from '../../../components/filter-bar';
import { FilterSearch } from '../../../components/filter-fields';
import { formatPickerDate } from '../../../lib/date-input';
import type { TListFilters } from '../../../lib/use-list-filters';
import type { TBouncedFilters } from '../api/list-bounced-emis';

/** Search, Date From, Date To (not before Date From), Clear all filters and removable chips. */
export const BouncedFilters = ({ state }: { state: TListFilters<TBouncedFilters> }) => {
  const { values } = state;
  const chips = filterChips<keyof TBouncedFilters>([
    { key: 'search', label: 'Search', value: values.search },
    { key: 'dateFrom', label: 'From', value: values.dateFrom, show: formatPickerDate },
    { key: 'dateTo', label: 'To', value: values.dateTo, show: formatPickerDate },
  ]);
  return (
    <ListFilterBar filters={state} chips={chips} chipsTestId="bounced-filter-chips">
      <FilterSearch
        span={{ base: 12, md: 6 }}
        placeholder="Customer, mobile or loan code"
        value={values.search}
        onValueChange={(value) => state.set('search', value)}
      />
      <DateRangeFilter
        labels={['Date From', 'Date To']}
        span={{ base: 6, md: 3 }}
        from={values.dateFrom}
        to={values.dateTo}
        onFromChange={(value) => state.set('dateFrom', value)}
        onToChange={(value) => state.set('dateTo', value)}
        toError={state.error}
      />
    </ListFilterBar>
  );
};

import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterBar, type TFilterChip } from '../../../components/filter-bar';
import { FilterSearch } from '../../../components/filter-fields';
import { formatPickerDate } from '../../../lib/date-input';
import type { TBouncedFilters } from '../api/list-bounced-emis';
import type { TBouncedFiltersState } from '../lib/use-bounced-filters';

type TChip = TFilterChip<keyof TBouncedFilters>;

const chipsOf = (values: TBouncedFilters): TChip[] => {
  const chips: TChip[] = [];
  if (values.search.trim() !== '') chips.push({ key: 'search', label: `Search: ${values.search.trim()}` });
  if (values.dateFrom !== '')
    chips.push({ key: 'dateFrom', label: `From: ${formatPickerDate(values.dateFrom)}` });
  if (values.dateTo !== '') chips.push({ key: 'dateTo', label: `To: ${formatPickerDate(values.dateTo)}` });
  return chips;
};

/** Search, Date From, Date To (not before Date From), Clear all filters and removable chips. */
export const BouncedFilters = ({ state }: { state: TBouncedFiltersState }) => {
  const { values, dateError } = state;
  const chips = chipsOf(values);
  return (
    <FilterBar
      chips={chips}
      onRemoveChip={(key) => state.set(key, '')}
      chipsTestId="bounced-filter-chips"
      clearLabel="Clear all filters"
      onClearAll={state.clearAll}
    >
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
        toError={dateError}
      />
    </FilterBar>
  );
};

import { SUPPORT_STATUSES, type SupportStatus } from '@lending/domain';
import { FilterBar, type TFilterChip } from '../../../components/filter-bar';
import { FilterSearch, FilterSelect } from '../../../components/filter-fields';
import type { TSupportFilters } from '../api/list-support-messages';
import type { TSupportFiltersState } from '../lib/use-support-filters';

type TChip = TFilterChip<keyof TSupportFilters>;

const chipsOf = (values: TSupportFilters): TChip[] => {
  const chips: TChip[] = [];
  if (values.status !== '') chips.push({ key: 'status', label: `Status: ${values.status}` });
  if (values.search.trim() !== '') chips.push({ key: 'search', label: `Search: ${values.search.trim()}` });
  return chips;
};

/** Status and search, with the applied ones as removable chips. */
export const SupportFilters = ({ state }: { state: TSupportFiltersState }) => {
  const chips = chipsOf(state.values);
  return (
    <FilterBar
      chips={chips}
      onRemoveChip={(key) => state.set(key, '')}
      chipsTestId="support-filter-chips"
      clearLabel="Clear all filters"
      onClearAll={state.clearAll}
    >
      <FilterSelect
        span={{ base: 12, md: 4 }}
        label="Status"
        placeholder="All statuses"
        data={[...SUPPORT_STATUSES]}
        value={state.values.status}
        onValueChange={(value) => state.set('status', value as SupportStatus | '')}
        clearable
      />
      <FilterSearch
        span={{ base: 12, md: 8 }}
        placeholder="Subject, message, category or name"
        value={state.values.search}
        onValueChange={(value) => state.set('search', value)}
      />
    </FilterBar>
  );
};

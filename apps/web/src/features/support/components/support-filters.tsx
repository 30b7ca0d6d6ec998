import { SUPPORT_STATUSES, type SupportStatus } from '@lending/domain';
import { filterChips, ListFilterBar } from '../../../components/filter-bar';
import { FilterSearch, FilterSelect } from '../../../components/filter-fields';
import type { TListFilters } from '../../../lib/use-list-filters';
import type { TSupportFilters } from '../api/list-support-messages';

/** Status and search, with the applied ones as removable chips. */
export const SupportFilters = ({ state }: { state: TListFilters<TSupportFilters> }) => {
  const { values } = state;
  const chips = filterChips<keyof TSupportFilters>([
    { key: 'status', label: 'Status', value: values.status },
    { key: 'search', label: 'Search', value: values.search },
  ]);
  return (
    <ListFilterBar filters={state} chips={chips} chipsTestId="support-filter-chips">
      <FilterSelect
        span={{ base: 12, md: 4 }}
        label="Status"
        placeholder="All statuses"
        data={[...SUPPORT_STATUSES]}
        value={values.status}
        onValueChange={(value) => state.set('status', value as SupportStatus | '')}
        clearable
      />
      <FilterSearch
        span={{ base: 12, md: 8 }}
        placeholder="Subject, message, category or name"
        value={values.search}
        onValueChange={(value) => state.set('search', value)}
      />
    </ListFilterBar>
  );
};

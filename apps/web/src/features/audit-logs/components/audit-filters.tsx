import { Grid, Select, TextInput } from '@mantine/core';
import { FilterBar, type TFilterChip } from '../../../components/filter-bar';
import { FilterSelect } from '../../../components/filter-fields';
import type { TListFilters } from '../../../lib/use-list-filters';
import { useActorOptions } from '../api/list-actor-options';
import type { TAuditFilters } from '../api/list-audit-logs';
import { AUDIT_TIME_RANGE_LABELS, AUDIT_TIME_RANGES, type TAuditTimeRange } from '../lib/audit-logs';

type TChipKey = 'action' | 'user' | 'range';

const RANGE_OPTIONS = AUDIT_TIME_RANGES.map((range) => ({
  value: range,
  label: AUDIT_TIME_RANGE_LABELS[range],
}));

type TAuditFiltersProps = {
  filters: TListFilters<TAuditFilters>;
  range: TAuditTimeRange;
  onRangeChange: (range: TAuditTimeRange) => void;
  onClear: () => void;
};

/** Action (exact), user, and the time range that narrows the page already loaded. */
export const AuditFilters = ({ filters, range, onRangeChange, onClear }: TAuditFiltersProps) => {
  const { values } = filters;
  const actors = useActorOptions();
  const options = actors.data ?? [];
  const actorLabel =
    options.find((option) => option.value === values.userId)?.label ?? `User #${values.userId}`;
  const chips: TFilterChip<TChipKey>[] = [
    ...(values.action.trim() ? [{ key: 'action' as const, label: `Action: ${values.action.trim()}` }] : []),
    ...(values.userId ? [{ key: 'user' as const, label: `User: ${actorLabel}` }] : []),
    ...(range === 'all' ? [] : [{ key: 'range' as const, label: AUDIT_TIME_RANGE_LABELS[range] }]),
  ];
  const remove = (key: TChipKey) => {
    if (key === 'action') filters.set('action', '');
    if (key === 'user') filters.set('userId', '');
    if (key === 'range') onRangeChange('all');
  };

  return (
    <FilterBar
      chips={chips}
      onRemoveChip={remove}
      chipsTestId="audit-filter-chips"
      clearLabel="Clear Filters"
      onClearAll={onClear}
    >
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput
          label="Action"
          description="Exact match, e.g. role_created"
          placeholder="login"
          value={values.action}
          onChange={(event) => filters.set('action', event.currentTarget.value)}
          maxLength={100}
        />
      </Grid.Col>
      <FilterSelect
        span={{ base: 12, sm: 4 }}
        label="User"
        description="Who acted"
        placeholder="All users"
        data={options}
        value={values.userId}
        onValueChange={(value) => filters.set('userId', value)}
        searchable
        clearable
        nothingFoundMessage="No users found"
      />
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Select
          label="Time Range"
          description="Narrows the loaded page"
          data={RANGE_OPTIONS}
          value={range}
          onChange={(value) => onRangeChange((value ?? 'all') as TAuditTimeRange)}
          allowDeselect={false}
        />
      </Grid.Col>
    </FilterBar>
  );
};

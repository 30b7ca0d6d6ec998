import { Grid, Select, TextInput } from '@mantine/core';
import { FilterBar, type TFilterChip } from '../../../components/filter-bar';
import { FilterSelect } from '../../../components/filter-fields';
import { useActorOptions } from '../api/list-actor-options';
import { AUDIT_TIME_RANGE_LABELS, AUDIT_TIME_RANGES, type TAuditTimeRange } from '../lib/audit-logs';
import type { TAuditFilters } from '../lib/use-audit-filters';

type TChipKey = 'action' | 'user' | 'range';

const RANGE_OPTIONS = AUDIT_TIME_RANGES.map((range) => ({
  value: range,
  label: AUDIT_TIME_RANGE_LABELS[range],
}));

/** Action (exact), user, and the time range that narrows the page already loaded. */
export const AuditFilters = ({ filters }: { filters: TAuditFilters }) => {
  const actors = useActorOptions();
  const options = actors.data ?? [];
  const actorLabel =
    options.find((option) => option.value === filters.userId)?.label ?? `User #${filters.userId}`;
  const chips: TFilterChip<TChipKey>[] = [
    ...(filters.action.trim() ? [{ key: 'action' as const, label: `Action: ${filters.action.trim()}` }] : []),
    ...(filters.userId ? [{ key: 'user' as const, label: `User: ${actorLabel}` }] : []),
    ...(filters.range === 'all'
      ? []
      : [{ key: 'range' as const, label: AUDIT_TIME_RANGE_LABELS[filters.range] }]),
  ];
  const remove = (key: TChipKey) => {
    if (key === 'action') filters.setAction('');
    if (key === 'user') filters.setUserId('');
    if (key === 'range') filters.setRange('all');
  };

  return (
    <FilterBar
      chips={chips}
      onRemoveChip={remove}
      chipsTestId="audit-filter-chips"
      clearLabel="Clear Filters"
      onClearAll={filters.clear}
    >
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <TextInput
          label="Action"
          description="Exact match, e.g. role_created"
          placeholder="login"
          value={filters.action}
          onChange={(event) => filters.setAction(event.currentTarget.value)}
          maxLength={100}
        />
      </Grid.Col>
      <FilterSelect
        span={{ base: 12, sm: 4 }}
        label="User"
        description="Who acted"
        placeholder="All users"
        data={options}
        value={filters.userId}
        onValueChange={filters.setUserId}
        searchable
        clearable
        nothingFoundMessage="No users found"
      />
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Select
          label="Time Range"
          description="Narrows the loaded page"
          data={RANGE_OPTIONS}
          value={filters.range}
          onChange={(value) => filters.setRange((value ?? 'all') as TAuditTimeRange)}
          allowDeselect={false}
        />
      </Grid.Col>
    </FilterBar>
  );
};

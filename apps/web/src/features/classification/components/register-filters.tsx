import { LOAN_CLASS_TITLES, REGISTER_CLASSES } from '@lending/domain';
import { Checkbox, Grid, Select } from '@mantine/core';
import { PickerDateInput } from '../../../components/date-range-filter';
import { FilterBar, filterChips } from '../../../components/filter-bar';
import { formatPickerDate } from '../../../lib/date-input';
import type { TRegisterAgent } from '../api/list-agents';
import {
  EMPTY_REGISTER_FILTERS,
  type TRegisterClassFilter,
  type TRegisterFilters,
} from '../lib/register-params';

const ALL = 'all';
/** The checkbox keeping only the loans whose class moved at the close read. */
export const CHANGED_LABEL = 'Only loans whose class changed at this close';

const CLASS_OPTIONS = [
  { value: ALL, label: 'All' },
  ...REGISTER_CLASSES.map((loanClass) => ({ value: loanClass, label: LOAN_CLASS_TITLES[loanClass] })),
];

const agentLabel = (agent: TRegisterAgent) => (agent.mobile ? `${agent.name} (${agent.mobile})` : agent.name);

type TRegisterFiltersProps = {
  filters: TRegisterFilters;
  agents: readonly TRegisterAgent[];
  /** The business day: no close is later. */
  today: string;
  onChange: (filters: TRegisterFilters) => void;
};

/** Close date, class, agent and "changed only", with the applied ones as removable chips. */
export const RegisterFilters = ({ filters, agents, today, onChange }: TRegisterFiltersProps) => {
  const set = (changes: Partial<TRegisterFilters>) => onChange({ ...filters, ...changes });
  const agentName = (id: string) => agents.find((agent) => String(agent.id) === id)?.name ?? `#${id}`;
  const chips = filterChips<keyof TRegisterFilters>([
    { key: 'date', label: 'Close date', value: filters.date, show: formatPickerDate },
    {
      key: 'loanClass',
      label: 'Class',
      value: filters.loanClass,
      show: (value) => LOAN_CLASS_TITLES[value as Exclude<TRegisterClassFilter, ''>],
    },
    { key: 'agentId', label: 'Agent', value: filters.agentId, show: agentName },
    { key: 'changed', label: 'Changed', value: filters.changed ? 'true' : '', show: () => 'only' },
  ]);
  return (
    <FilterBar
      chips={chips}
      onRemoveChip={(key) => set({ [key]: EMPTY_REGISTER_FILTERS[key] })}
      chipsTestId="register-filter-chips"
      clearLabel="Clear filters"
      onClearAll={() => onChange(EMPTY_REGISTER_FILTERS)}
    >
      <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
        <PickerDateInput
          label="Close date"
          placeholder="Latest close"
          clearable
          value={filters.date === '' ? null : filters.date}
          maxDate={today}
          onChange={(value) => set({ date: value ?? '' })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 6, md: 2 }}>
        <Select
          label="Class"
          data={CLASS_OPTIONS}
          value={filters.loanClass === '' ? ALL : filters.loanClass}
          allowDeselect={false}
          onChange={(value) =>
            set({ loanClass: value === null || value === ALL ? '' : (value as TRegisterClassFilter) })
          }
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
        <Select
          label="Agent"
          searchable
          data={[
            { value: ALL, label: 'All agents' },
            ...agents.map((agent) => ({ value: String(agent.id), label: agentLabel(agent) })),
          ]}
          value={filters.agentId === '' ? ALL : filters.agentId}
          allowDeselect={false}
          onChange={(value) => set({ agentId: value === null || value === ALL ? '' : value })}
          nothingFoundMessage="No agents found"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 6, md: 4 }} style={{ alignSelf: 'center' }}>
        <Checkbox
          label={CHANGED_LABEL}
          checked={filters.changed}
          onChange={(event) => set({ changed: event.currentTarget.checked })}
        />
      </Grid.Col>
    </FilterBar>
  );
};

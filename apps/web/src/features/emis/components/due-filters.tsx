import {
  DUE_DATE_SCOPES,
  DUE_STATUS_FILTERS,
  type TDueDateScope,
  type TDueStatusFilter,
} from '@lending/domain';
import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { PickerDateInput } from '../../../components/date-range-filter';
import { SearchInput } from '../../../components/search-input';
import { DUE_DATE_SCOPE_LABELS, DUE_STATUS_FILTER_LABELS } from '../lib/labels';

const STATUS_OPTIONS = DUE_STATUS_FILTERS.filter((status) => status !== 'foreclosed').map((status) => ({
  value: status,
  label: DUE_STATUS_FILTER_LABELS[status],
}));
const DATES_OPTIONS = DUE_DATE_SCOPES.map((scope) => ({ value: scope, label: DUE_DATE_SCOPE_LABELS[scope] }));

type TDueFiltersProps = {
  date: string;
  onDateChange: (date: string) => void;
  dates: TDueDateScope;
  onDatesChange: (dates: TDueDateScope) => void;
  /** The last day of a range (shown only for one). */
  to: string;
  onToChange: (to: string) => void;
  search: string;
  onSearchChange: (search: string) => void;
  status: TDueStatusFilter;
  onStatusChange: (status: TDueStatusFilter) => void;
};

/** Payments Due filters: the date and which dates against it, the search with Clear Search, the status. */
export const DueFilters = ({
  date,
  onDateChange,
  dates,
  onDatesChange,
  to,
  onToChange,
  search,
  onSearchChange,
  status,
  onStatusChange,
}: TDueFiltersProps) => (
  <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm" data-testid="due-filters">
    <PickerDateInput
      label="Date"
      value={date}
      onChange={(value) => {
        if (value !== null) onDateChange(value);
      }}
      popoverProps={{ withinPortal: true }}
    />
    <Select
      label="Dates"
      data={DATES_OPTIONS}
      allowDeselect={false}
      value={dates}
      onChange={(value) => {
        const next = DUE_DATE_SCOPES.find((candidate) => candidate === value);
        if (next !== undefined) onDatesChange(next);
      }}
      comboboxProps={{ withinPortal: true }}
    />
    {dates === 'range' ? (
      <PickerDateInput
        label="Through"
        value={to}
        onChange={(value) => {
          if (value !== null) onToChange(value);
        }}
        popoverProps={{ withinPortal: true }}
      />
    ) : null}
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <SearchInput
        label="Search"
        placeholder="Customer name, mobile or loan number"
        value={search}
        onValueChange={onSearchChange}
        style={{ flex: 1 }}
      />
      {search === '' ? null : (
        <Button variant="default" leftSection={<IconX size={14} />} onClick={() => onSearchChange('')}>
          Clear Search
        </Button>
      )}
    </Group>
    <Select
      label="Status"
      data={STATUS_OPTIONS}
      allowDeselect={false}
      value={status}
      onChange={(value) => {
        const next = DUE_STATUS_FILTERS.find((candidate) => candidate === value);
        if (next !== undefined) onStatusChange(next);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  </SimpleGrid>
);

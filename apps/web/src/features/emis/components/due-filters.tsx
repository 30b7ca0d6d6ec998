import { EMI_STATUSES, type EmiStatus } from '@lending/domain';
import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { PickerDateInput } from '../../../components/date-range-filter';
import { SearchInput } from '../../../components/search-input';
import { EMI_STATUS_LABELS } from '../lib/labels';

const STATUS_OPTIONS = EMI_STATUSES.filter((status) => status !== 'foreclosed').map((status) => ({
  value: status,
  label: EMI_STATUS_LABELS[status],
}));

type TDueFiltersProps = {
  date: string;
  onDateChange: (date: string) => void;
  search: string;
  onSearchChange: (search: string) => void;
  status: EmiStatus;
  onStatusChange: (status: EmiStatus) => void;
};

/** Payments Due filters: the date, the search with Clear Search, the EMI status. */
export const DueFilters = ({
  date,
  onDateChange,
  search,
  onSearchChange,
  status,
  onStatusChange,
}: TDueFiltersProps) => (
  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" data-testid="due-filters">
    <PickerDateInput
      label="Date"
      value={date}
      onChange={(value) => {
        if (value !== null) onDateChange(value);
      }}
      popoverProps={{ withinPortal: true }}
    />
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
        const next = EMI_STATUSES.find((candidate) => candidate === value);
        if (next !== undefined) onStatusChange(next);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  </SimpleGrid>
);

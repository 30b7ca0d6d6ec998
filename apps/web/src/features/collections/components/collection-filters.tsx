import type { TCollectionKind } from '@lending/domain';
import { Button, Grid, Select } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { DateRangeFilter, type TPickerFormat } from '../../../components/date-range-filter';
import { FilterSearch } from '../../../components/filter-fields';
import type { TCollectionFilters } from '../api/get-collection-report';
import { collectorLabel, type TCollector } from '../api/list-agents';
import { parseShortDate } from '../lib/collection-format';

export const ALL_COLLECTORS_LABEL = 'All Agents & Admins';

/** The Records choices: what each kind lists. */
export const KIND_OPTIONS: { value: TCollectionKind; label: string }[] = [
  { value: 'all', label: 'All records' },
  { value: 'cash', label: 'Cash rows (collections and refunds)' },
  { value: 'collected', label: 'Money in (collections only)' },
];
const ALL = 'all';
/** The pickers show dd-MM-yy. */
const SHORT_FORMAT: TPickerFormat = {
  placeholder: 'dd-mm-yy',
  valueFormat: 'DD-MM-YY',
  dateParser: parseShortDate,
};

type TCollectionFiltersProps = {
  values: TCollectionFilters;
  collectors: TCollector[];
  onChange: (values: TCollectionFilters) => void;
  onSearch: () => void;
};

/** Agent selector, search, start and end dates and the Search button. */
export const CollectionFilters = ({ values, collectors, onChange, onSearch }: TCollectionFiltersProps) => {
  const set = (key: keyof TCollectionFilters, value: string) => onChange({ ...values, [key]: value });
  const options = [
    { value: ALL, label: ALL_COLLECTORS_LABEL },
    ...collectors.map((collector) => ({
      value: `${collector.role}-${collector.id}`,
      label: collectorLabel(collector),
    })),
  ];
  const selected = collectors.find((collector) => String(collector.id) === values.agentId);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 12, sm: 6, lg: 2 }}>
          <Select
            label="Agent"
            searchable
            data={options}
            value={selected === undefined ? ALL : `${selected.role}-${selected.id}`}
            allowDeselect={false}
            onChange={(value) =>
              set('agentId', value === null || value === ALL ? '' : value.replace(/^\w+-/, ''))
            }
            nothingFoundMessage="No agents found"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, lg: 2 }}>
          <Select
            label="Records"
            data={KIND_OPTIONS}
            value={values.kind}
            allowDeselect={false}
            onChange={(value) => set('kind', value ?? 'all')}
          />
        </Grid.Col>
        <FilterSearch
          span={{ base: 12, sm: 6, lg: 2 }}
          placeholder="Customer, mobile or loan code"
          value={values.search}
          onValueChange={(value) => set('search', value)}
        />
        <DateRangeFilter
          labels={['Start Date', 'End Date']}
          span={{ base: 6, sm: 4, lg: 2 }}
          bounded
          format={SHORT_FORMAT}
          from={values.from}
          to={values.to}
          onFromChange={(value) => set('from', value)}
          onToChange={(value) => set('to', value)}
        />
        <Grid.Col span={{ base: 12, sm: 4, lg: 2 }}>
          <Button type="submit" fullWidth leftSection={<IconSearch size={16} />}>
            Search
          </Button>
        </Grid.Col>
      </Grid>
    </form>
  );
};

import { Button, Grid, Select, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconSearch } from '@tabler/icons-react';
import type { TCollectionFilters } from '../api/get-collection-report';
import { collectorLabel, type TCollector } from '../api/list-agents';
import { parseShortDate } from '../lib/collection-format';

export const ALL_COLLECTORS_LABEL = 'All Agents & Admins';
const ALL = 'all';
/** The pickers show dd-MM-yy. */
const SHORT_FORMAT = 'DD-MM-YY';

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
        <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
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
        <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
          <TextInput
            label="Search"
            placeholder="Customer, mobile or loan code"
            leftSection={<IconSearch size={16} />}
            value={values.search}
            onChange={(event) => set('search', event.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4, lg: 2 }}>
          <DateInput
            label="Start Date"
            placeholder="dd-mm-yy"
            valueFormat={SHORT_FORMAT}
            dateParser={parseShortDate}
            clearable
            value={values.from === '' ? null : values.from}
            onChange={(value) => set('from', value ?? '')}
            maxDate={values.to === '' ? undefined : values.to}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4, lg: 2 }}>
          <DateInput
            label="End Date"
            placeholder="dd-mm-yy"
            valueFormat={SHORT_FORMAT}
            dateParser={parseShortDate}
            clearable
            value={values.to === '' ? null : values.to}
            onChange={(value) => set('to', value ?? '')}
            minDate={values.from === '' ? undefined : values.from}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4, lg: 2 }}>
          <Button type="submit" fullWidth leftSection={<IconSearch size={16} />}>
            Search
          </Button>
        </Grid.Col>
      </Grid>
    </form>
  );
};

import { Button, Grid, Group, Paper, Pill, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconSearch } from '@tabler/icons-react';
import { formatPickerDate, PICKER_FORMAT, parsePickerDate } from '../../../lib/date-input';
import type { TBouncedFilters } from '../api/list-bounced-emis';
import type { TBouncedFiltersState } from '../lib/use-bounced-filters';

type TChip = { key: keyof TBouncedFilters; label: string };

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
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput
              label="Search"
              placeholder="Customer, mobile or loan code"
              leftSection={<IconSearch size={16} />}
              value={values.search}
              onChange={(event) => state.set('search', event.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <DateInput
              label="Date From"
              placeholder="dd/mm/yyyy"
              valueFormat={PICKER_FORMAT}
              dateParser={parsePickerDate}
              clearable
              value={values.dateFrom === '' ? null : values.dateFrom}
              onChange={(value) => state.set('dateFrom', value ?? '')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 3 }}>
            <DateInput
              label="Date To"
              placeholder="dd/mm/yyyy"
              valueFormat={PICKER_FORMAT}
              dateParser={parsePickerDate}
              clearable
              value={values.dateTo === '' ? null : values.dateTo}
              onChange={(value) => state.set('dateTo', value ?? '')}
              error={dateError}
            />
          </Grid.Col>
        </Grid>
        <Group justify="space-between" gap="xs">
          <Group gap="xs" data-testid="bounced-filter-chips">
            {chips.map((chip) => (
              <Pill
                key={chip.key}
                withRemoveButton
                onRemove={() => state.set(chip.key, '')}
                removeButtonProps={{
                  'aria-label': `Remove ${chip.label}`,
                  'aria-hidden': false,
                  tabIndex: 0,
                }}
              >
                {chip.label}
              </Pill>
            ))}
          </Group>
          <Button variant="default" size="xs" onClick={state.clearAll} disabled={chips.length === 0}>
            Clear all filters
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};

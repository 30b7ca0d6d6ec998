import { Button, Grid, Group, Paper, Pill, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** An applied filter shown as a removable chip. */
export type TFilterChip<K extends string> = { key: K; label: string };

/** A filter's chip, shown while its value is not blank: '{label}: {value as `show` words it}'. */
export type TChipSpec<K extends string> = {
  key: K;
  label: string;
  value: string;
  show?: (value: string) => string;
};

/** The chips of the filters that are set, in the order given. */
export const filterChips = <K extends string>(specs: readonly TChipSpec<K>[]): TFilterChip<K>[] =>
  specs
    .filter((spec) => spec.value.trim() !== '')
    .map((spec) => ({ key: spec.key, label: `${spec.label}: ${(spec.show ?? String)(spec.value.trim())}` }));

type TFilterBarProps<K extends string> = {
  /** The filter grid's cells (`Grid.Col`s). */
  children: ReactNode;
  chips: readonly TFilterChip<K>[];
  onRemoveChip: (key: K) => void;
  chipsTestId: string;
  clearLabel: string;
  onClearAll: () => void;
  /** Defaults to "no chips": nothing applied, nothing to clear. */
  clearDisabled?: boolean;
};

/** The filters of a list: a grid of inputs, then the applied filters as chips and the clear button. */
export const FilterBar = <K extends string>({
  children,
  chips,
  onRemoveChip,
  chipsTestId,
  clearLabel,
  onClearAll,
  clearDisabled = chips.length === 0,
}: TFilterBarProps<K>) => (
  <Paper withBorder p="md" radius="md">
    <Stack gap="sm">
      <Grid gap="sm">{children}</Grid>
      <Group justify="space-between" gap="xs">
        <Group gap="xs" data-testid={chipsTestId}>
          {chips.map((chip) => (
            <Pill
              key={chip.key}
              withRemoveButton
              onRemove={() => onRemoveChip(chip.key)}
              removeButtonProps={{ 'aria-label': `Remove ${chip.label}`, 'aria-hidden': false, tabIndex: 0 }}
            >
              {chip.label}
            </Pill>
          ))}
        </Group>
        <Button variant="default" size="xs" onClick={onClearAll} disabled={clearDisabled}>
          {clearLabel}
        </Button>
      </Group>
    </Stack>
  </Paper>
);

type TListFilterBarProps<K extends string> = Omit<
  TFilterBarProps<K>,
  'onRemoveChip' | 'onClearAll' | 'clearLabel'
> & {
  /** The list's filters (`useListFilters`): a chip's removal blanks its filter. */
  filters: { set: (key: K, value: '') => void; clear: () => void };
  clearLabel?: string;
};

/** `FilterBar` over a list's filters: removing a chip blanks that filter, Clear blanks them all. */
export const ListFilterBar = <K extends string>({
  filters,
  clearLabel = 'Clear all filters',
  ...props
}: TListFilterBarProps<K>) => (
  <FilterBar
    {...props}
    clearLabel={clearLabel}
    onRemoveChip={(key) => filters.set(key, '')}
    onClearAll={filters.clear}
  />
);

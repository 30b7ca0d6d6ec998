import { Button, Grid, Group, Paper, Pill, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** An applied filter shown as a removable chip. */
export type TFilterChip<K extends string> = { key: K; label: string };

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

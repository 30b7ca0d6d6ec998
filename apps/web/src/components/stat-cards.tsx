import { Grid, type GridColProps, Paper, Text, useMatches } from '@mantine/core';
import type { ReactNode } from 'react';

export type TStatCard = {
  /** What the test id names the card by, where not its label. */
  id?: string;
  label: string;
  value: string | number;
  /** A line under the value (a count, whose figures these are). */
  note?: string;
  color?: string;
  /** This card's width where it differs from the row's. */
  span?: GridColProps['span'];
};

type TStatCardsProps = {
  cards: readonly TStatCard[];
  /** Each card's test id is `${testIdPrefix}-${label}`. */
  testIdPrefix: string;
  /** A card's width in `columns` (12 unless told). */
  span: GridColProps['span'];
  columns?: number;
  /** Small upper-case labels and less padding (the dense dashboards). */
  compact?: boolean;
  /** Cells after the figures (a link card). */
  children?: ReactNode;
};

/** A row of summary cards: a label, a figure and an optional note each; rows wrap on small screens. */
export const StatCards = ({
  cards,
  testIdPrefix,
  span,
  columns,
  compact = false,
  children,
}: TStatCardsProps) => {
  // Larger figures from `sm` up, read here: a responsive `fz` would put a style element in each card.
  const valueSize = useMatches({ base: 'lg', sm: 'xl' }, { getInitialValueInEffect: false });
  return (
    <Grid gap="sm" columns={columns}>
      {cards.map((card) => (
        <Grid.Col key={card.label} span={card.span ?? span}>
          <Paper
            withBorder
            p={compact ? 'sm' : 'md'}
            radius="md"
            h="100%"
            data-testid={`${testIdPrefix}-${card.id ?? card.label}`}
          >
            <Text
              size={compact ? 'xs' : 'sm'}
              c="dimmed"
              tt={compact ? 'uppercase' : undefined}
              fw={compact ? 600 : undefined}
            >
              {card.label}
            </Text>
            <Text fw={700} fz={valueSize} c={card.color}>
              {card.value}
            </Text>
            {card.note === undefined ? null : (
              <Text size="xs" c="dimmed">
                {card.note}
              </Text>
            )}
          </Paper>
        </Grid.Col>
      ))}
      {children}
    </Grid>
  );
};

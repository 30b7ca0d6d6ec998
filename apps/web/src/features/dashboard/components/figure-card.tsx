import { Group, Paper, Text } from '@mantine/core';
import { FigureLink } from './figure-link';

/** One dashboard figure: its label, value, month-on-month change and the list it summarises. */
export type TFigure = {
  label: string;
  value: string | number;
  /** Month-on-month change in percent; absent when the figure has none. */
  trend?: number;
  /** Last month's list, the base of the change; absent when no list has that month. */
  trendTo?: string;
  /** A second line (a count, what the figure is made of). */
  note?: string;
  /** The screen that lists what this figure counts. */
  to?: string;
};

/** '+12.5%' green, '-3%' red, '0%' grey. */
const trendText = (trend: number) => `${trend > 0 ? '+' : ''}${trend}%`;
const trendColor = (trend: number) => (trend > 0 ? 'teal' : trend < 0 ? 'red' : 'dimmed');

export const FigureCard = ({ figure }: { figure: TFigure }) => (
  <Paper withBorder p="md" radius="md" h="100%" data-testid={`figure-${figure.label}`}>
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {figure.label}
      </Text>
      {figure.trend === undefined ? null : (
        <Text size="xs" fw={600} c={trendColor(figure.trend)} data-testid="figure-trend">
          <FigureLink to={figure.trendTo}>{trendText(figure.trend)}</FigureLink>
        </Text>
      )}
    </Group>
    <Text fw={700} fz="xl" data-testid="figure-value">
      <FigureLink to={figure.to}>{figure.value}</FigureLink>
    </Text>
    {figure.note === undefined ? null : (
      <Text size="xs" c="dimmed">
        {figure.note}
      </Text>
    )}
  </Paper>
);

import '@mantine/charts/styles.css';
import type { TParTrend } from '@lending/domain';
import { LineChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import { formatDate } from '../../../lib/format';

/** PAR30 as a share of the book at the end of each of the last 90 days. */
export const ParTrendChart = ({ trend }: { trend: TParTrend | undefined }) => {
  const data = (trend?.points ?? []).map((point) => ({ ...point, day: formatDate(point.date) }));
  return (
    <Paper withBorder p="md" radius="md" h="100%" data-testid="par-trend-chart">
      <Title order={2} fz="h4" mb="sm">
        PAR30 over the last 90 days
      </Title>
      {data.length === 0 ? (
        <Text c="dimmed">Loading…</Text>
      ) : (
        <LineChart
          h={220}
          data={data}
          dataKey="day"
          series={[{ name: 'share', label: 'PAR30 %', color: 'red.6' }]}
          valueFormatter={(value) => `${value}%`}
          withDots={false}
          curveType="linear"
        />
      )}
    </Paper>
  );
};

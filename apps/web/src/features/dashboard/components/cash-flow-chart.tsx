import '@mantine/charts/styles.css';
import type { TFinancialHealth } from '@lending/domain';
import { BarChart } from '@mantine/charts';
import { Group, Paper, Text, Title } from '@mantine/core';
import { money } from '../lib/figures';
import { FigureLink } from './figure-link';

type TCashFlowChartProps = {
  health: TFinancialHealth;
  /** Payments Due over each window (30, 60, 90 days): what its open rows owe is the inflow. */
  links?: { inflow30: string; inflow60: string; inflow90: string };
};

/** Cash Flow Projection: open instalments and charges due in the next 30, 60 and 90 days. */
export const CashFlowChart = ({ health, links }: TCashFlowChartProps) => {
  const data = [
    { period: 'Next 30 days', inflow: health.inflow30, to: links?.inflow30 },
    { period: 'Next 60 days', inflow: health.inflow60, to: links?.inflow60 },
    { period: 'Next 90 days', inflow: health.inflow90, to: links?.inflow90 },
  ];
  return (
    <Paper withBorder p="md" radius="md" h="100%" data-testid="cash-flow-chart">
      <Title order={2} fz="h4" mb="sm">
        Cash Flow Projection
      </Title>
      <BarChart
        h={180}
        data={data}
        dataKey="period"
        series={[{ name: 'inflow', label: 'Expected inflow', color: 'teal.6' }]}
        valueFormatter={money}
        withYAxis={false}
      />
      <Group justify="space-around" mt="xs">
        {data.map((row) => (
          <Text key={row.period} size="xs" ta="center">
            {row.period}
            <br />
            <b>
              <FigureLink to={row.to}>{money(row.inflow)}</FigureLink>
            </b>
          </Text>
        ))}
      </Group>
    </Paper>
  );
};

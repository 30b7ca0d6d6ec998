import '@mantine/charts/styles.css';
import { DonutChart } from '@mantine/charts';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { money, moneyOfPaise, totalPaise } from '../lib/figures';
import { FigureLink } from './figure-link';

/** `to`: the ledger's cash rows, whose principal and interest share totals are these figures. */
type TRecoveryChartProps = { principal: number; interest: number; to?: string };

/** Interest vs Principal Recovery: what collected instalments repaid, split by the recovery rule. */
export const RecoveryChart = ({ principal, interest, to }: TRecoveryChartProps) => {
  const parts = [
    { name: 'Principal recovered', value: principal, color: 'indigo.6' },
    { name: 'Interest earned', value: interest, color: 'teal.6' },
  ];
  return (
    <Paper withBorder p="md" radius="md" h="100%" data-testid="recovery-chart">
      <Title order={2} fz="h4" mb="sm">
        Interest vs Principal Recovery
      </Title>
      <Group wrap="nowrap" align="center">
        <DonutChart data={parts} size={140} thickness={22} valueFormatter={money} withTooltip />
        <Stack gap={4}>
          {parts.map((part) => (
            <Text key={part.name} size="sm">
              {part.name}:{' '}
              <b>
                <FigureLink to={to}>{money(part.value)}</FigureLink>
              </b>
            </Text>
          ))}
          <Text size="sm">
            Total recovered:{' '}
            <b>
              <FigureLink to={to}>{moneyOfPaise(totalPaise(principal, interest))}</FigureLink>
            </b>
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
};

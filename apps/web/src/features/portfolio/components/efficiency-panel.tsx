import { EFFICIENCY_PERIODS, type EfficiencyPeriod, type TPortfolioEfficiency } from '@lending/domain';
import { Button, Group, Paper, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { ListTable } from '../../../components/list-table';
import { formatDate, formatMoney } from '../../../lib/format';

type TEfficiencyPanelProps = {
  efficiency: TPortfolioEfficiency | undefined;
  period: EfficiencyPeriod;
  onPeriodChange: (period: EfficiencyPeriod) => void;
  onExport: () => void;
  exporting: boolean;
};

const PERIOD_LABELS: Record<EfficiencyPeriod, string> = { day: 'Day', week: 'Week', month: 'Month' };

type TFigures = Omit<TPortfolioEfficiency, 'period' | 'from' | 'through' | 'agents'>;

const Cells = ({ name, figures }: { name: string; figures: TFigures }) => (
  <>
    <Table.Td>{name}</Table.Td>
    <Table.Td>{formatMoney(figures.collected)}</Table.Td>
    <Table.Td>{formatMoney(figures.arrears_at_start)}</Table.Td>
    <Table.Td>{formatMoney(figures.due_in_period)}</Table.Td>
    <Table.Td>{formatMoney(figures.due)}</Table.Td>
    <Table.Td fw={600}>{figures.ratio}%</Table.Td>
  </>
);

/** Collection efficiency of the day, week or month holding the as-of date, per agent and overall. */
export const EfficiencyPanel = ({
  efficiency,
  period,
  onPeriodChange,
  onExport,
  exporting,
}: TEfficiencyPanelProps) => (
  <Paper withBorder p="md" radius="md" data-testid="efficiency-panel">
    <Group justify="space-between" mb="sm" gap="sm">
      <div>
        <Title order={2} fz="h4">
          Collection efficiency
        </Title>
        {efficiency ? (
          <Text size="sm" c="dimmed">
            {formatDate(efficiency.from)} – {formatDate(efficiency.through)}: collected ÷ (arrears at the
            start + instalments dated in the period)
          </Text>
        ) : null}
      </div>
      <Group gap="sm">
        <SegmentedControl
          value={period}
          onChange={(value) => onPeriodChange(value as EfficiencyPeriod)}
          data={EFFICIENCY_PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }))}
          aria-label="Period"
        />
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} />}
          onClick={onExport}
          loading={exporting}
        >
          Export efficiency
        </Button>
      </Group>
    </Group>
    <ListTable
      columns={['Agent', 'Collected', 'Arrears at start', 'Dated in period', 'Due', 'Efficiency']}
      minWidth={720}
      empty={efficiency ? null : 'Loading…'}
      data-testid="efficiency-table"
      footer={efficiency ? <Cells name="Whole book" figures={efficiency} /> : undefined}
    >
      {efficiency?.agents.map((agent) => (
        <Table.Tr key={agent.agent_id ?? 'none'}>
          <Cells name={agent.agent_name} figures={agent} />
        </Table.Tr>
      ))}
    </ListTable>
  </Paper>
);

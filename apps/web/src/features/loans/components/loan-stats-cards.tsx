import { Grid, Paper, Text } from '@mantine/core';
import { formatMoney } from '../lib/loan-format';

type TLoanStatsCardsProps = {
  total: number;
  accepted: number;
  pending: number;
  completed: number;
  /** Rupees. */
  totalAmount: number;
};

const StatCard = ({ label, value, color }: { label: string; value: string; color?: string }) => (
  <Paper withBorder p="md" radius="md" data-testid={`loan-card-${label}`}>
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text fw={700} fz={{ base: 'lg', sm: 'xl' }} c={color}>
      {value}
    </Text>
  </Paper>
);

/** The five cards */
export const LoanStatsCards = ({
  total,
  accepted,
  pending,
  completed,
  totalAmount,
}: TLoanStatsCardsProps) => (
  <Grid gap="sm">
    <Grid.Col span={{ base: 6, sm: 4, lg: 'auto' }}>
      <StatCard label="Total Loans" value={String(total)} />
    </Grid.Col>
    <Grid.Col span={{ base: 6, sm: 4, lg: 'auto' }}>
      <StatCard label="Accepted Loans" value={String(accepted)} color="blue" />
    </Grid.Col>
    <Grid.Col span={{ base: 6, sm: 4, lg: 'auto' }}>
      <StatCard label="Pending" value={String(pending)} color="yellow.7" />
    </Grid.Col>
    <Grid.Col span={{ base: 6, sm: 6, lg: 'auto' }}>
      <StatCard label="Completed" value={String(completed)} color="green" />
    </Grid.Col>
    <Grid.Col span={{ base: 12, sm: 6, lg: 'auto' }}>
      <StatCard label="Total Amount" value={formatMoney(totalAmount)} />
    </Grid.Col>
  </Grid>
);

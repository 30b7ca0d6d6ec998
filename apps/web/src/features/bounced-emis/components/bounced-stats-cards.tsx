import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatMoney } from '../../../lib/format';
import type { TBouncedStats } from '../api/get-bounced-stats';

const Card = ({ label, value, color }: { label: string; value: string; color?: string }) => (
  <Paper withBorder p="md" radius="md" data-testid={`bounced-card-${label}`}>
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text fw={700} fz={{ base: 'lg', sm: 'xl' }} c={color}>
      {value}
    </Text>
  </Paper>
);

/** Total Bounced, Pending Recovery, Recovered, Total Amount. */
export const BouncedStatsCards = ({ stats }: { stats: TBouncedStats | undefined }) => (
  <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
    <Card label="Total Bounced" value={String(stats?.totalBounced ?? 0)} color="red.7" />
    <Card label="Pending Recovery" value={String(stats?.pendingRecovery ?? 0)} color="orange.7" />
    <Card label="Recovered" value={String(stats?.recovered ?? 0)} color="green.7" />
    <Card label="Total Amount" value={formatMoney(stats?.totalAmount ?? 0)} />
  </SimpleGrid>
);

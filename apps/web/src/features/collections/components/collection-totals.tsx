import type { TCollectionPageTotals, TCollectionReportResponse } from '@lending/domain';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatAmount, formatPaise } from '../lib/collection-format';

const Card = ({
  label,
  value,
  note,
  color,
}: {
  label: string;
  value: string;
  note?: string;
  color?: string;
}) => (
  <Paper withBorder p="sm" radius="md" data-testid={`collections-card-${label}`}>
    <Text size="xs" c="dimmed" fw={600} tt="uppercase">
      {label}
    </Text>
    <Text fw={700} fz={{ base: 'md', sm: 'lg' }} c={color}>
      {value}
    </Text>
    {note === undefined ? null : (
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    )}
  </Paper>
);

type TGrandTotalsProps = { report: TCollectionReportResponse | undefined };

/** Grand Totals: All Agents, All Customers, All Collected, All Bounced. */
export const GrandTotals = ({ report }: TGrandTotalsProps) => (
  <Stack gap="xs">
    <Title order={2} fz="h4">
      Grand Totals
    </Title>
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Card label="All Agents" value={String(report?.grandUniqueAgents ?? 0)} />
      <Card label="All Customers" value={String(report?.grandUniqueCustomers ?? 0)} />
      <Card label="All Collected" value={formatAmount(report?.grandTotalPaidAmount ?? 0)} color="green.7" />
      <Card
        label="All Bounced"
        value={formatAmount(report?.grandTotalBouncedAmount ?? 0)}
        note={`${report?.grandTotalBouncedCount ?? 0} EMIs`}
        color="red.7"
      />
    </SimpleGrid>
  </Stack>
);

/** The current page's four cards: unique agents and customers, collected and bounced. */
export const PageTotals = ({ totals }: { totals: TCollectionPageTotals }) => (
  <Stack gap="xs">
    <Title order={2} fz="h4">
      This Page
    </Title>
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Card label="Agents" value={String(totals.agents)} />
      <Card label="Customers" value={String(totals.customers)} />
      <Card
        label="Total Collected"
        value={formatPaise(totals.collected)}
        note={`${totals.collectedCount} EMIs`}
        color="green.7"
      />
      <Card
        label="Total Bounced"
        value={formatPaise(totals.bounced)}
        note={`${totals.bouncedCount} EMIs`}
        color="red.7"
      />
    </SimpleGrid>
  </Stack>
);

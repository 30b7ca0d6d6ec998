import { Paper, SimpleGrid, Text } from '@mantine/core';

type TReportStatCardsProps = {
  counts: { paidOnTime: number; paidLate: number; bounced: number };
  /** Whose counts: one customer's (from the score) or the events on this page. */
  scope: string;
};

const Card = ({
  label,
  value,
  note,
  color,
}: {
  label: string;
  value: number;
  note: string;
  color: string;
}) => (
  <Paper withBorder p="md" radius="md" data-testid={`report-card-${label}`}>
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text fw={700} fz="xl" c={color}>
      {value}
    </Text>
    <Text size="xs" c="dimmed">
      {note}
    </Text>
  </Paper>
);

/** Paid On Time, Paid Late and Bounced counts ('s three stat cards). */
export const ReportStatCards = ({ counts, scope }: TReportStatCardsProps) => (
  <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
    <Card label="Paid On Time" value={counts.paidOnTime} note={scope} color="green.7" />
    <Card label="Paid Late" value={counts.paidLate} note={scope} color="yellow.7" />
    <Card label="Bounced" value={counts.bounced} note={scope} color="red.7" />
  </SimpleGrid>
);

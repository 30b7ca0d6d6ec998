import { formatRupees, type Paise, type TDueTotals } from '@lending/domain';
import { Paper, SimpleGrid, Text } from '@mantine/core';

const Card = ({ id, label, value, color }: { id: string; label: string; value: string; color?: string }) => (
  <Paper withBorder p="md" radius="md" data-testid={`due-card-${id}`}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text fz="xl" fw={700} c={color}>
      {value}
    </Text>
  </Paper>
);

/** Whole rupees plainly, paise when there are any: a total never rounds a paisa away. */
const money = (paise: Paise) => formatRupees(paise, 'auto');

/** The four Payments Due cards, from the rows shown (paise). */
export const DueCards = ({ totals }: { totals: TDueTotals }) => (
  <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
    <Card id="total" label="Total to Collect" value={money(totals.totalToCollect)} color="green" />
    <Card
      id="overdue"
      label="Overdue EMIs"
      value={String(totals.overdue)}
      color={totals.overdue > 0 ? 'red' : undefined}
    />
    <Card id="pending" label="Pending EMIs" value={String(totals.pending)} color="orange" />
    <Card
      id="late"
      label="Late Charges"
      value={money(totals.lateCharges)}
      color={totals.lateCharges > 0 ? 'red' : undefined}
    />
  </SimpleGrid>
);

import { formatRupees, rupeesToPaise, type TCreditEvent } from '@lending/domain';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../../../lib/format';
import { loanWithEmi } from '../lib/report-format';

const money = (rupees: number) => formatRupees(rupeesToPaise(rupees));

/** The bounces among the shown events, newest first. */
export const BounceHistory = ({ events }: { events: TCreditEvent[] }) => {
  const bounces = events.filter((event) => event.event_type === 'EMI_BOUNCED');
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          Bounce History
        </Title>
        {bounces.length === 0 ? (
          <Text size="sm" c="dimmed">
            No bounces among these events.
          </Text>
        ) : (
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            data-testid="bounce-history"
          >
            {bounces.map((event) => {
              const details = [
                `${money(event.bounced_amount ?? event.amount)} bounced on ${formatDate(event.bounce_date ?? event.created_at)}`,
                event.bounce_reason,
                event.bounce_sequence === null ? null : `Bounce #${event.bounce_sequence}`,
                event.charges_applied === null || event.charges_applied === 0
                  ? null
                  : `Charges ${money(event.charges_applied)}`,
              ].filter((part): part is string => part !== null && part !== '');
              return (
                <li key={event.id}>
                  <Text size="sm" fw={600}>{`${event.customer_name} · ${loanWithEmi(event)}`}</Text>
                  <Text size="xs" c="dimmed">
                    {details.join(' · ')}
                  </Text>
                </li>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
};

import { Grid, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatCards } from '../../../components/stat-cards';

type TAgentStatCardsProps = {
  totalOverdue: string;
  overdueLoans: number;
  totalDue: string;
  upcoming: string;
  successRate: string;
  /** The agent's own cash in hand (collected in cash, not yet handed over). */
  cashInHand: string;
  /** Cash held more than a day: the card turns red. */
  cashOverdue: boolean;
};

/** Total Overdue, Total Due Amount, Upcoming EMIs, Success Rate, Cash in hand, and the My Customers card. */
export const AgentStatCards = ({
  totalOverdue,
  overdueLoans,
  totalDue,
  upcoming,
  successRate,
  cashInHand,
  cashOverdue,
}: TAgentStatCardsProps) => (
  // Six cards in a row, two a row below `md`; on phones My Customers takes the whole last row.
  <StatCards
    testIdPrefix="agent-card"
    columns={12}
    span={{ base: 6, md: 2 }}
    compact
    cards={[
      {
        label: 'Total Overdue',
        value: totalOverdue,
        note: `${overdueLoans} loan${overdueLoans === 1 ? '' : 's'}`,
        color: 'red',
      },
      { label: 'Total Due Amount', value: totalDue, color: 'orange' },
      { label: 'Upcoming EMIs', value: upcoming, note: 'Next 3 days', color: 'blue' },
      { label: 'Success Rate', value: successRate, color: 'green' },
      {
        label: 'Cash in hand',
        value: cashInHand,
        note: 'To hand over',
        color: cashOverdue ? 'red' : undefined,
      },
    ]}
  >
    <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
      <UnstyledButton
        component={Link}
        to="/agent/customers"
        aria-label="My Customers: view customers"
        w="100%"
        h="100%"
      >
        <Paper withBorder p="sm" radius="md" h="100%" data-testid="agent-card-My Customers">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            My Customers
          </Text>
          <Text fw={600} size="sm" c="blue" style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
            <IconUsers size={18} /> View customers <IconChevronRight size={14} />
          </Text>
        </Paper>
      </UnstyledButton>
    </Grid.Col>
  </StatCards>
);

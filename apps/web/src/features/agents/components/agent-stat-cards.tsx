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
};

/** Total Overdue, Total Due Amount, Upcoming EMIs, Success Rate, and the My Customers card. */
export const AgentStatCards = ({
  totalOverdue,
  overdueLoans,
  totalDue,
  upcoming,
  successRate,
}: TAgentStatCardsProps) => (
  // Five cards in a row, two a row below `md`; on phones My Customers takes the whole last row.
  <StatCards
    testIdPrefix="agent-card"
    columns={10}
    span={{ base: 5, md: 2 }}
    compact
    cards={[
      {
        label: 'Total Overdue',
        value: totalOverdue,
        note: `${overdueLoans} loan${overdueLoans === 1 ? '' : 's'}`,
        color: 'red.7',
      },
      { label: 'Total Due Amount', value: totalDue, color: 'orange.7' },
      { label: 'Upcoming EMIs', value: upcoming, note: 'Next 3 days', color: 'blue' },
      { label: 'Success Rate', value: successRate, color: 'green.7' },
    ]}
  >
    <Grid.Col span={{ base: 10, sm: 5, md: 2 }}>
      <UnstyledButton component={Link} to="/agent/customers" aria-label="My Customers" w="100%" h="100%">
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

import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';

type TAgentStatCardsProps = {
  totalOverdue: string;
  overdueLoans: number;
  totalDue: string;
  upcoming: string;
  successRate: string;
  /** Phones: the My Customers card takes the whole last row. */
  phone: boolean;
};

const StatCard = ({
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
  <Paper withBorder p="sm" radius="md" data-testid={`agent-card-${label}`}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text fw={700} fz={{ base: 'lg', sm: 'xl' }} c={color}>
      {value}
    </Text>
    {note === undefined ? null : (
      <Text size="xs" c="dimmed">
        {note}
      </Text>
    )}
  </Paper>
);

/** Total Overdue, Total Due Amount, Upcoming EMIs, Success Rate, and the My Customers card. */
export const AgentStatCards = ({
  totalOverdue,
  overdueLoans,
  totalDue,
  upcoming,
  successRate,
  phone,
}: TAgentStatCardsProps) => (
  <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
    <StatCard
      label="Total Overdue"
      value={totalOverdue}
      note={`${overdueLoans} loan${overdueLoans === 1 ? '' : 's'}`}
      color="red.7"
    />
    <StatCard label="Total Due Amount" value={totalDue} color="orange.7" />
    <StatCard label="Upcoming EMIs" value={upcoming} note="Next 3 days" color="blue" />
    <StatCard label="Success Rate" value={successRate} color="green.7" />
    <UnstyledButton
      component={Link}
      to="/agent/customers"
      aria-label="My Customers"
      style={{ gridColumn: phone ? 'span 2' : undefined }}
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
  </SimpleGrid>
);

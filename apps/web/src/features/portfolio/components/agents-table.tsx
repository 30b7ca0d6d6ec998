import type { TPortfolioSummary } from '@lending/domain';
import { Paper, Table, Title } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import { formatMoney } from '../../../lib/format';

/** Each agent's book: outstanding principal and its PAR figures. */
export const AgentsTable = ({ agents }: { agents: TPortfolioSummary['agents'] }) => (
  <Paper withBorder p="md" radius="md">
    <Title order={2} fz="h4" mb="sm">
      By agent
    </Title>
    <ListTable
      columns={['Agent', 'Loans', 'Outstanding', 'PAR1', 'PAR7', 'PAR30', 'PAR90', 'PAR30 %']}
      minWidth={760}
      empty={agents.length === 0 ? 'No lent loans on this day' : null}
      data-testid="portfolio-agents"
    >
      {agents.map((agent) => (
        <Table.Tr key={agent.agent_id ?? 'none'}>
          <Table.Td>{agent.agent_name}</Table.Td>
          <Table.Td>{agent.loans}</Table.Td>
          <Table.Td>{formatMoney(agent.outstanding)}</Table.Td>
          <Table.Td>{formatMoney(agent.par1)}</Table.Td>
          <Table.Td>{formatMoney(agent.par7)}</Table.Td>
          <Table.Td>{formatMoney(agent.par30)}</Table.Td>
          <Table.Td>{formatMoney(agent.par90)}</Table.Td>
          <Table.Td>{agent.par30_share}%</Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  </Paper>
);

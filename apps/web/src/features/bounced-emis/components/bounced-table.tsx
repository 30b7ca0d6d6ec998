import { bouncedStatusLabel, type TBouncedEmi } from '@lending/domain';
import { Badge, Table, Text } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import { PersonLines } from '../../../components/person-lines';
import { formatDate, formatMoney } from '../../../lib/format';
import { bounceAgeDays, daysLabel } from '../lib/bounced-list';

export const BOUNCED_EMPTY = 'No bounced EMIs found';

const STATUS_COLORS = {
  Bounced: 'red',
  Recovered: 'green',
  Waived: 'blue',
  'Written Off': 'gray',
  Pending: 'yellow',
} as const;

const COLUMNS = [
  'Loan',
  'Customer',
  'EMI',
  'Amount',
  'Bounced On',
  'Bounce Age',
  'Bounces',
  'Reason',
  'Collector',
  'Status',
];

type TBouncedTableProps = { emis: TBouncedEmi[]; today: string; loading: boolean };

/** The bounced EMIs with their bounce age in days. */
export const BouncedTable = ({ emis, today, loading }: TBouncedTableProps) => (
  <ListTable
    minWidth={1000}
    columns={COLUMNS}
    highlightOnHover
    fz="sm"
    data-testid="bounced-table"
    empty={emis.length === 0 ? (loading ? 'Loading bounced EMIs...' : BOUNCED_EMPTY) : null}
  >
    {emis.map((emi) => {
      const status = bouncedStatusLabel(emi.status);
      return (
        <Table.Tr key={emi.id} data-testid={`bounced-row-${emi.id}`}>
          <Table.Td>
            <Text size="sm" fw={600}>
              {emi.Loan.loan_code}
            </Text>
            <Text
              size="xs"
              c="dimmed"
            >{`#${emi.Loan.loan_number} · ${formatMoney(emi.Loan.loan_amount)}`}</Text>
          </Table.Td>
          <Table.Td>
            <PersonLines name={emi.Loan.customer.name} mobile={emi.Loan.customer.mobile} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm">{`#${emi.emi_number}`}</Text>
            <Text size="xs" c="dimmed">
              {formatDate(emi.emi_date)}
            </Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm">{formatMoney(emi.amount)}</Text>
            <Text size="xs" c="dimmed">{`+ ${formatMoney(emi.late_charge)} charges`}</Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(emi.bounced_at)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {daysLabel(bounceAgeDays(emi.bounced_at, today))}
          </Table.Td>
          <Table.Td>{emi.bounce_count}</Table.Td>
          <Table.Td>
            {emi.bounced_reason ?? '-'}
            {emi.notes ? (
              <Text size="xs" c="dimmed">
                {emi.notes}
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>{emi.collector === null ? '-' : <PersonLines {...emi.collector} />}</Table.Td>
          <Table.Td>
            <Badge
              style={{ minWidth: 'max-content' }}
              size="sm"
              variant="light"
              color={STATUS_COLORS[status]}
            >
              {status}
            </Badge>
          </Table.Td>
        </Table.Tr>
      );
    })}
  </ListTable>
);

import type { TMyLoan } from '@lending/domain';
import { Button, Table, Text } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import { formatDate, formatMoney } from '../lib/loan-format';
import { nextEmiIn } from '../lib/next-emi';
import { MyLoanStatusBadge } from './my-loan-badges';

export const MY_LOANS_EMPTY = 'No loans found.';

const COLUMNS = ['ID', 'Amount', 'Tenure (Days)', 'Start', 'End', 'Next EMI In', 'Status', 'Details'];

type TMyLoansTableProps = {
  loans: TMyLoan[];
  today: string;
  loading: boolean;
  onDetails: (loan: TMyLoan) => void;
};

/** The borrower's loans. */
export const MyLoansTable = ({ loans, today, loading, onDetails }: TMyLoansTableProps) => (
  <ListTable
    minWidth={720}
    columns={COLUMNS}
    highlightOnHover
    data-testid="my-loans-table"
    empty={loans.length === 0 ? (loading ? 'Loading loans...' : MY_LOANS_EMPTY) : null}
  >
    {loans.map((loan) => (
      <Table.Tr key={loan.id} data-testid={`my-loan-${loan.id}`}>
        <Table.Td>
          <Text size="sm" fw={600}>
            {loan.id}
          </Text>
          <Text size="xs" c="dimmed">
            {loan.loan_code}
          </Text>
        </Table.Td>
        <Table.Td>{formatMoney(loan.loan_amount)}</Table.Td>
        <Table.Td>{loan.tenure}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(loan.start_date)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(loan.end_date)}</Table.Td>
        <Table.Td>{nextEmiIn(loan.next_emi_date, today)}</Table.Td>
        <Table.Td>
          <MyLoanStatusBadge status={loan.status} />
        </Table.Td>
        <Table.Td>
          <Button
            size="xs"
            variant="light"
            aria-label={`Details ${loan.loan_code}`}
            onClick={() => onDetails(loan)}
          >
            Details
          </Button>
        </Table.Td>
      </Table.Tr>
    ))}
  </ListTable>
);

import type { TLoanView } from '@lending/domain';
import { Badge, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { ClippedText } from '../../../components/clipped-text';
import { ListTable } from '../../../components/list-table';
import { PersonLines } from '../../../components/person-lines';
import type { TLoanSort, TLoanSortField } from '../api/list-loans';
import { formatDate, formatMoney, loanStatusColor, loanStatusLabel } from '../lib/loan-format';
import { LoanRowActions, type TLoanAction } from './loan-row-actions';

export const LOANS_EMPTY_MESSAGE = 'No loans found. Try adjusting your filters or search terms';

type TColumn = { label: string; sortBy?: TLoanSortField };

const COLUMNS: TColumn[] = [
  { label: 'Loan #', sortBy: 'loan_number' },
  { label: 'Customer', sortBy: 'customer_name' },
  { label: 'Amount', sortBy: 'loan_amount' },
  { label: 'Daily EMI', sortBy: 'per_day_emi' },
  { label: 'Start Date', sortBy: 'start_date' },
  { label: 'Payment Method' },
  { label: 'Status' },
  { label: 'Actions' },
];

/** What the loans table and the phone's loan cards show and do. */
export type TLoanListProps = {
  loans: TLoanView[];
  sort: TLoanSort;
  onSort: (field: TLoanSortField) => void;
  isAdmin: boolean;
  onAction: (action: TLoanAction, loan: TLoanView) => void;
  loading: boolean;
};

const SortIcon = ({ active, direction }: { active: boolean; direction: TLoanSort['sort_direction'] }) => {
  if (!active) return <IconArrowsSort size={14} opacity={0.5} />;
  return direction === 'asc' ? <IconSortAscending size={14} /> : <IconSortDescending size={14} />;
};

const HeaderCell = ({
  column,
  sort,
  onSort,
}: { column: TColumn } & Pick<TLoanListProps, 'sort' | 'onSort'>) => {
  const { sortBy } = column;
  if (sortBy === undefined) return <Table.Th>{column.label}</Table.Th>;
  const active = sort.sort_by === sortBy;
  return (
    <Table.Th aria-sort={active ? (sort.sort_direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort(sortBy)}
        fw={700}
        fz="sm"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
      >
        {column.label}
        <SortIcon active={active} direction={sort.sort_direction} />
      </UnstyledButton>
    </Table.Th>
  );
};

/** The loans table: sortable columns, DD-MM-YYYY dates, ₹ without decimals. */
export const LoansTable = ({ loans, sort, onSort, isAdmin, onAction, loading }: TLoanListProps) => (
  <ListTable
    minWidth={960}
    columns={COLUMNS.map((column) => column.label)}
    header={COLUMNS.map((column) => (
      <HeaderCell key={column.label} column={column} sort={sort} onSort={onSort} />
    ))}
    highlightOnHover
    data-testid="loans-table"
    empty={loans.length === 0 ? (loading ? 'Loading loans...' : LOANS_EMPTY_MESSAGE) : null}
  >
    {loans.map((loan) => (
      <Table.Tr key={loan.id} data-testid={`loan-row-${loan.id}`}>
        <Table.Td>
          <Text fw={600} size="sm">
            #{loan.loan_number}
          </Text>
          <Text size="xs" c="dimmed">
            {loan.loan_code}
          </Text>
        </Table.Td>
        <Table.Td>
          <PersonLines name={loan.customer_name} mobile={loan.customer_mobile} />
        </Table.Td>
        <Table.Td>{formatMoney(loan.loan_amount)}</Table.Td>
        <Table.Td>{formatMoney(loan.per_day_emi)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(loan.start_date)}</Table.Td>
        <Table.Td>
          <ClippedText text={loan.payment_method} maxWidth={160} />
        </Table.Td>
        <Table.Td>
          <Badge color={loanStatusColor(loan.status)} variant="light">
            {loanStatusLabel(loan.status)}
          </Badge>
        </Table.Td>
        <Table.Td>
          <LoanRowActions loan={loan} isAdmin={isAdmin} onAction={onAction} />
        </Table.Td>
      </Table.Tr>
    ))}
  </ListTable>
);

import { LOAN_CLASS_TITLES, type TRegisterRow } from '@lending/domain';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { ClassBadge } from './class-badge';

const COLUMNS = [
  'Loan code',
  'Customer',
  'Agent',
  'Class',
  'Days past due',
  'Since',
  'Previous class',
  'Outstanding',
  'Arrears',
];

/** Loan Management with the loan's details open. */
export const loanDetailsLink = (loanId: number) => `/admin/loans?loan=${loanId}`;

type TRegisterTableProps = { rows: readonly TRegisterRow[]; empty: string | null };

/** The register's loans of a page; each code opens the loan's details. On a phone, cards. */
export const RegisterTable = ({ rows, empty }: TRegisterTableProps) => (
  <ListTable columns={COLUMNS} minWidth={1040} empty={empty} data-testid="register-table">
    {rows.map((row) => (
      <Table.Tr key={row.loanId} data-testid={`register-row-${row.loanId}`}>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Anchor component={Link} to={loanDetailsLink(row.loanId)} fw={600} size="sm">
            {row.loanCode}
          </Anchor>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{row.customer.name}</Text>
          {row.customer.mobile === null ? null : (
            <Text size="xs" c="gray">
              {row.customer.mobile}
            </Text>
          )}
        </Table.Td>
        <Table.Td>{row.agent?.name ?? '—'}</Table.Td>
        <Table.Td>
          <ClassBadge loanClass={row.loanClass} byBorrower={row.byBorrower} />
        </Table.Td>
        <Table.Td>{row.daysPastDue}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.since)}</Table.Td>
        <Table.Td>{LOAN_CLASS_TITLES[row.previousClass]}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.outstanding)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(row.arrears)}</Table.Td>
      </Table.Tr>
    ))}
  </ListTable>
);

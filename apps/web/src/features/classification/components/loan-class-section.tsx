import { CLASS_CHANGE_REASON_TITLES, LOAN_CLASS_TITLES, type TLoanClassification } from '@lending/domain';
import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import { formatDate } from '../../../lib/format';
import { useLoanClassification } from '../api/get-loan-classification';
import { ClassBadge } from './class-badge';

/** A loan no close has classified yet. */
export const NOT_CLASSIFIED = 'Not classified yet: no day-end close has run since this loan began';
/** The section's failure; the rest of Loan Details stays. */
export const LOAN_CLASS_FAILED = 'The class could not be loaded';

const Fact = ({ label, value }: { label: string; value: string }) => (
  <Text size="sm">
    <Text span c="gray">{`${label}: `}</Text>
    {value}
  </Text>
);

const Changes = ({ changes }: { changes: TLoanClassification['changes'] }) => (
  <ListTable
    columns={['Date', 'Change', 'Days past due', 'Reason']}
    minWidth={520}
    fz="sm"
    empty={changes.length === 0 ? 'No class changes yet' : null}
    data-testid="loan-class-changes"
  >
    {changes.map((change) => (
      <Table.Tr key={`${change.businessDate}-${change.toClass}`}>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(change.businessDate)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          {`${LOAN_CLASS_TITLES[change.fromClass]} → ${LOAN_CLASS_TITLES[change.toClass]}`}
        </Table.Td>
        <Table.Td>{change.daysPastDue}</Table.Td>
        <Table.Td>{CLASS_CHANGE_REASON_TITLES[change.reason]}</Table.Td>
      </Table.Tr>
    ))}
  </ListTable>
);

const Body = ({ classification }: { classification: TLoanClassification }) => {
  const { asOf, loanClass, ownClass, daysPastDue, since, changes } = classification;
  if (asOf === null) return <Text size="sm">{NOT_CLASSIFIED}</Text>;
  return (
    <Stack gap="xs">
      <Group gap="lg" wrap="wrap" data-testid="loan-class-facts">
        <ClassBadge loanClass={loanClass} byBorrower={loanClass !== ownClass && loanClass === 'npa'} />
        <Fact label="Days past due" value={daysPastDue === null ? '-' : String(daysPastDue)} />
        <Fact label="Since" value={formatDate(since)} />
        <Fact label="As of" value={formatDate(asOf)} />
      </Group>
      <Changes changes={changes} />
    </Stack>
  );
};

/** Loan Details' RBI class: the class at the latest close, its days past due and its changes. */
export const LoanClassSection = ({ loanId }: { loanId: number }) => {
  const query = useLoanClassification(loanId);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="loan-class-section">
      <Title order={3} fz="h5" mb="xs">
        RBI class
      </Title>
      {query.data !== undefined ? (
        <Body classification={query.data} />
      ) : (
        <Text size="sm" c={query.isError ? 'red' : 'gray'}>
          {query.isError ? LOAN_CLASS_FAILED : 'Loading…'}
        </Text>
      )}
    </Paper>
  );
};

import { Paper, Title } from '@mantine/core';
import { useMessages } from '../api/list-messages';
import { MessageList } from './message-list';

export const NO_LOAN_MESSAGES = 'No message has been written for this loan yet';

/** Loan Details' Messages: every message written about the loan, whatever its day, with retry for failed ones. */
export const LoanMessages = ({ loanId }: { loanId: number }) => {
  const list = useMessages({ loan_id: loanId });
  return (
    <Paper withBorder p="sm" radius="md" data-testid="loan-messages">
      <Title order={3} fz="h5" mb="xs">
        Messages
      </Title>
      <MessageList
        list={list}
        emptyText={NO_LOAN_MESSAGES}
        withBorrower={false}
        aria-label="Messages of this loan"
      />
    </Paper>
  );
};

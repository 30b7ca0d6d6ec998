import { importApiMessages, type TCollectionToMatch, type TLoanView } from '@lending/domain';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage, hasErrorCode } from '../../../api/client';
import { LabelledValue } from '../../../components/labelled-value';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { formatDate, formatMoneyExact } from '../../../lib/format';
import { paymentModeLabel } from '../../../lib/payment-modes';
import { useMatchCollection } from '../api/settle-collection';
import { cashDayClosedHelp, collectedByLabel } from './collected-by';
import { LoanPicker } from './loan-picker';

export const MATCH_FAILED = 'Failed to match the collection';
export const MATCHED = 'The collection was paid to the loan';

/** What the file said of a collection to settle: the amount, the day, the mode and the loan as written. */
export const CollectionFacts = ({ collection }: { collection: TCollectionToMatch }) => (
  <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
    <LabelledValue label="Amount" value={formatMoneyExact(collection.amount)} fw={600} />
    <LabelledValue label="Collected on" value={formatDate(collection.collectedOn)} />
    <LabelledValue label="Mode" value={paymentModeLabel(collection.paymentMode)} />
    <LabelledValue label="Loan in the file" value={collection.loanText === '' ? '-' : collection.loanText} />
    <LabelledValue label="Collected by" value={collectedByLabel(collection)} />
  </SimpleGrid>
);

type TMatchFormProps = { collection: TCollectionToMatch; onDone: () => void };

const MatchForm = ({ collection, onDone }: TMatchFormProps) => {
  const [loan, setLoan] = useState<TLoanView | null>(null);
  const [missing, setMissing] = useState(false);
  const match = useMatchCollection();

  const submit = async () => {
    if (loan === null) {
      setMissing(true);
      return;
    }
    try {
      const answer = await match.mutateAsync({ id: collection.id, request: { loan_id: loan.id } });
      notifications.show({ color: 'green', message: answer?.message ?? MATCHED });
      onDone();
    } catch {
      // Shown in the dialog, beside the choice.
    }
  };

  return (
    <Stack gap="md">
      <CollectionFacts collection={collection} />
      <LoanPicker
        value={loan}
        onChange={(next) => {
          setLoan(next);
          setMissing(false);
        }}
        error={missing ? importApiMessages.loanId : null}
        disabled={match.isPending}
      />
      {match.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(match.error, MATCH_FAILED)}
          {hasErrorCode(match.error, 'CASH_DAY_CLOSED') ? (
            <Text size="sm" mt="xs">
              {cashDayClosedHelp(collection)}
            </Text>
          ) : null}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={match.isPending}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} loading={match.isPending}>
          Match to this loan
        </Button>
      </Group>
    </Stack>
  );
};

type TMatchDialogProps = { collection: TCollectionToMatch | null; onClose: () => void };

/** Pays a collection to the loan chosen, through the same path as a payment taken on the loan. */
export const MatchDialog = ({ collection, onClose }: TMatchDialogProps) => (
  <ResponsiveModal opened={collection !== null} onClose={onClose} title="Match to a loan" size="lg">
    {collection === null ? null : <MatchForm key={collection.id} collection={collection} onDone={onClose} />}
  </ResponsiveModal>
);

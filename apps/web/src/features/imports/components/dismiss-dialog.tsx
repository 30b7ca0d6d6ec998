import { type TCollectionToMatch, ZDismissCollectionRequest } from '@lending/domain';
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { useDismissCollection } from '../api/settle-collection';
import { CollectionFacts } from './match-dialog';

export const DISMISS_FAILED = 'Failed to dismiss the collection';
export const DISMISSED = 'The collection was dismissed';

type TDismissFormProps = { collection: TCollectionToMatch; onDone: () => void };

const DismissForm = ({ collection, onDone }: TDismissFormProps) => {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const dismiss = useDismissCollection();

  const submit = async () => {
    const parsed = ZDismissCollectionRequest.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      return;
    }
    try {
      const answer = await dismiss.mutateAsync({ id: collection.id, request: parsed.data });
      notifications.show({ color: 'green', message: answer?.message ?? DISMISSED });
      onDone();
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <Stack gap="md">
      <CollectionFacts collection={collection} />
      <Textarea
        label="Reason"
        description="Why this money is not a collection of any loan (a refund, a wrong credit, ...)"
        withAsterisk
        autosize
        minRows={2}
        maxLength={500}
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setProblem(null);
        }}
        error={problem}
        disabled={dismiss.isPending}
      />
      {dismiss.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(dismiss.error, DISMISS_FAILED)}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={dismiss.isPending}>
          Cancel
        </Button>
        <Button color="red" onClick={() => void submit()} loading={dismiss.isPending}>
          Dismiss collection
        </Button>
      </Group>
    </Stack>
  );
};

type TDismissDialogProps = { collection: TCollectionToMatch | null; onClose: () => void };

/** Takes a collection off the list without paying it to a loan, with the reason kept. */
export const DismissDialog = ({ collection, onClose }: TDismissDialogProps) => (
  <ResponsiveModal opened={collection !== null} onClose={onClose} title="Dismiss the collection">
    {collection === null ? null : (
      <DismissForm key={collection.id} collection={collection} onDone={onClose} />
    )}
  </ResponsiveModal>
);

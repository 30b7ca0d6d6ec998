import { formatRupees, rupeesToPaise, type TCashPosition } from '@lending/domain';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { RupeeInput } from '../../../components/rupee-input';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useHandover } from '../api/post-handover';
import { handoverDifference } from '../lib/cash-figures';

export const HANDOVER_FAILED = 'Failed to record the handover';

type TValues = { amount: number | string; received_amount: number | string; reason: string; note: string };

const HandoverForm = ({ position, onClose }: { position: TCashPosition; onClose: () => void }) => {
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { amount: position.in_hand, received_amount: position.in_hand, reason: '', note: '' },
  });
  const handover = useHandover();
  // One key per opened form: a double click records one handover.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const difference = handoverDifference(form.values.amount, form.values.received_amount);

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const answer = await handover.mutateAsync({
        idempotencyKey,
        body: {
          collector_id: position.collector_id,
          amount: Number(values.amount),
          received_amount: values.received_amount === '' ? undefined : Number(values.received_amount),
          reason: values.reason,
          note: values.note,
        },
      });
      notifications.show({ color: 'green', message: answer.message });
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, HANDOVER_FAILED) });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <Text size="sm">
          {`${position.collector_name} holds ${formatRupees(rupeesToPaise(position.in_hand), 2)} in cash.`}
        </Text>
        <RupeeInput
          label="Handed over (₹, by the books)"
          withAsterisk
          max={position.in_hand}
          clampBehavior="none"
          {...form.getInputProps('amount')}
        />
        <RupeeInput
          label="Cash counted (₹)"
          withAsterisk
          clampBehavior="none"
          {...form.getInputProps('received_amount')}
        />
        <Text
          size="sm"
          fw={600}
          c={difference === 0 ? 'dimmed' : difference < 0 ? 'red' : 'orange'}
          data-testid="handover-difference"
        >
          {difference === 0
            ? 'No difference'
            : `${difference < 0 ? 'Shortfall' : 'Excess'} of ${formatRupees(Math.abs(difference), 2)}`}
        </Text>
        <Textarea
          label="Reason for the difference"
          withAsterisk={difference !== 0}
          autosize
          minRows={1}
          {...form.getInputProps('reason')}
        />
        <Textarea label="Note" placeholder="Optional" autosize minRows={1} {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={handover.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={handover.isPending}>
            Record handover
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** The handover form: the collector hands cash to the signed-in admin, who records what was counted. */
export const HandoverModal = ({
  position,
  onClose,
}: {
  position: TCashPosition | null;
  onClose: () => void;
}) => (
  <ResponsiveModal opened={position !== null} onClose={onClose} title="Cash handover">
    {position === null ? null : <HandoverForm position={position} onClose={onClose} />}
  </ResponsiveModal>
);

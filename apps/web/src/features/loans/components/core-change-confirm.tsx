import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export const CORE_CHANGE_TITLE = 'Confirm Loan Changes';
export const CORE_CHANGE_WARNING =
  'You are changing the loan amount, daily EMI, tenure or start date. All EMIs will be reset to pending, and their payment history, late charges and credit reports will be cleared.';

type TCoreChangeConfirmProps = {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  busy: boolean;
};

/** The warning before editing core loan parameters. */
export const CoreChangeConfirm = ({ opened, onCancel, onConfirm, busy }: TCoreChangeConfirmProps) => (
  <Modal
    stackId="loan-core-confirm"
    opened={opened}
    onClose={onCancel}
    title={CORE_CHANGE_TITLE}
    centered
    closeButtonProps={{ 'aria-label': 'Close' }}
  >
    <Stack>
      <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="This resets the schedule">
        <Text size="sm">{CORE_CHANGE_WARNING}</Text>
      </Alert>
      <Text size="sm">Do you want to continue?</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button color="orange" onClick={onConfirm} loading={busy}>
          Yes, Update Loan
        </Button>
      </Group>
    </Stack>
  </Modal>
);

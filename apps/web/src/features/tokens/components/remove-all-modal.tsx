import { REMOVE_ALL_CONFIRMATION } from '@lending/domain';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ResponsiveModal } from '../../../components/responsive-modal';

type TProps = {
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  /** Called with what was typed; the page decides whether it matches. */
  onConfirm: (typed: string) => void;
};

/** Remove All Tokens: only the exact typed confirmation goes ahead; the caller's own session is kept. */
export const RemoveAllModal = ({ opened, busy, onClose, onConfirm }: TProps) => {
  const [typed, setTyped] = useState('');
  const close = () => {
    setTyped('');
    onClose();
  };
  return (
    <ResponsiveModal opened={opened} onClose={close} title="Remove All Tokens">
      <Stack gap="sm">
        <Text size="sm">
          This signs out every user on every device. Your current session is kept. Type{' '}
          <Text span fw={700}>
            {REMOVE_ALL_CONFIRMATION}
          </Text>{' '}
          to confirm.
        </Text>
        <TextInput
          label="Confirmation"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={() => {
              onConfirm(typed);
              setTyped('');
            }}
          >
            Remove All Tokens
          </Button>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
};

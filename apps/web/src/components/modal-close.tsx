import { Button, Group } from '@mantine/core';

/** The foot of a modal that only shows something: its Close button, on the right. */
export const ModalClose = ({ onClose }: { onClose: () => void }) => (
  <Group justify="flex-end">
    <Button variant="default" onClick={onClose}>
      Close
    </Button>
  </Group>
);

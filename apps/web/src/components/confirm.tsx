import { Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';

type TConfirmOptions = {
  title: string;
  message: string;
  confirmLabel?: string;
};

/** Asks before a destructive action; resolves true when confirmed, false when cancelled or closed. */
export const confirmAction = ({ title, message, confirmLabel = 'Delete' }: TConfirmOptions) =>
  new Promise<boolean>((resolve) => {
    openConfirmModal({
      title,
      centered: true,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: confirmLabel, cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });

import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { usePhone } from '../../../lib/use-phone';

type TEmiDialogProps = {
  opened: boolean;
  title: string;
  /** Inside Loan Details' Modal.Stack, Escape closes only the top modal. */
  stackId?: string;
  /** 'LN0001 · EMI 3' under the title. */
  subject?: string | null;
  onClose: () => void;
  size?: 'md' | 'lg' | 'xl';
  children: ReactNode;
};

/** The frame of every EMI dialog: full screen on phones, 'Close' on the close button. */
export const EmiDialog = ({ subject, size = 'md', children, ...modal }: TEmiDialogProps) => {
  const phone = usePhone();
  return (
    <ResponsiveModal size={size} centered={!phone} {...modal}>
      {subject ? (
        <Group mb="sm">
          <Text size="sm" c="dimmed" data-testid="emi-dialog-subject">
            {subject}
          </Text>
        </Group>
      ) : null}
      {children}
    </ResponsiveModal>
  );
};

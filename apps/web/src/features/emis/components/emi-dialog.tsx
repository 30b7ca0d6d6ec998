import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { usePhone } from '../../../lib/use-phone';
import { useWhileOpen } from '../../../lib/use-while-open';

type TEmiDialogProps<T> = {
  /** What the dialog is about: open while set, still shown while the dialog fades out after closing. */
  target: T | null;
  title: string | ((shown: T | null) => string);
  /** Inside Loan Details' Modal.Stack, Escape closes only the top modal. */
  stackId?: string;
  /** 'LN0001 · EMI 3' under the title. */
  subject: (shown: T) => string;
  onClose: () => void;
  size?: 'md' | 'lg' | 'xl';
  /** The body for the target (keyed by the caller, so that each opening starts afresh). */
  children: (shown: T) => ReactNode;
};

/** The subject of a dialog about one EMI of a loan. */
export const emiSubject = (target: { loanCode: string; emiNumber: number }) =>
  `${target.loanCode} · EMI ${target.emiNumber}`;

/** The frame of every EMI dialog: full screen on phones, 'Close' on the close button. */
export const EmiDialog = <T,>({
  target,
  title,
  subject,
  size = 'md',
  children,
  ...modal
}: TEmiDialogProps<T>) => {
  const phone = usePhone();
  const shown = useWhileOpen(target, target !== null);
  return (
    <ResponsiveModal
      size={size}
      centered={!phone}
      opened={target !== null}
      title={typeof title === 'string' ? title : title(shown)}
      {...modal}
    >
      {shown === null ? null : (
        <>
          <Group mb="sm">
            <Text size="sm" c="dimmed" data-testid="emi-dialog-subject">
              {subject(shown)}
            </Text>
          </Group>
          {children(shown)}
        </>
      )}
    </ResponsiveModal>
  );
};

import { Modal, type ModalProps } from '@mantine/core';
import { usePhone } from '../lib/use-phone';

/** A dialog that fills the screen on phones, with a close button screen readers can name. */
export const ResponsiveModal = (props: ModalProps) => {
  const phone = usePhone();
  return <Modal fullScreen={phone} closeButtonProps={{ 'aria-label': 'Close' }} {...props} />;
};

import { Modal } from '@mantine/core';
import { FullImage } from '../../../components/full-image';

type TReceivedByImageViewerProps = { src: string | null; onClose: () => void };

/** The full-size Received By Image viewer; in the loans modal stack so Escape closes only it. */
export const ReceivedByImageViewer = ({ src, onClose }: TReceivedByImageViewerProps) => (
  <Modal
    stackId="loan-image-viewer"
    opened={src !== null}
    onClose={onClose}
    title="Received By Image"
    size="auto"
    centered
    closeButtonProps={{ 'aria-label': 'Close' }}
  >
    {src === null ? null : (
      <FullImage src={src} alt="Received by (full size)" mah="80vh" maw="90vw" fallbackHeight={200} />
    )}
  </Modal>
);

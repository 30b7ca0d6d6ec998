import { Anchor, Center, Image, Modal, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';

type TReceivedByImageViewerProps = { src: string | null; onClose: () => void };

/** The full-size Received By Image viewer; in the loans modal stack so Escape closes only it. */
export const ReceivedByImageViewer = ({ src, onClose }: TReceivedByImageViewerProps) => {
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <Modal
      stackId="loan-image-viewer"
      opened={src !== null}
      onClose={onClose}
      title="Received By Image"
      size="auto"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {src === null ? null : failed === src ? (
        <Center mih={200}>
          <Stack align="center" gap="xs">
            <IconPhotoOff size={40} />
            <Text c="dimmed">Preview not available</Text>
            <Anchor href={src} target="_blank" rel="noopener noreferrer">
              Open file
            </Anchor>
          </Stack>
        </Center>
      ) : (
        <Image
          src={src}
          alt="Received by (full size)"
          fit="contain"
          mah="80vh"
          maw="90vw"
          onError={() => setFailed(src)}
        />
      )}
    </Modal>
  );
};

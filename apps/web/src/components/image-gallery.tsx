import { ActionIcon, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FullImage } from './full-image';

export type TGalleryImage = {
  /** Stable identity, e.g. the document field. */
  key: string;
  label: string;
  src: string;
};

type TImageGalleryProps = {
  images: readonly TGalleryImage[];
  /** The shown image; null when the gallery is closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** Offered as a 'Delete image' button when given; the gallery waits for it (e.g. a confirmation). */
  onDelete?: (image: TGalleryImage) => Promise<unknown> | undefined;
};

/** A lightbox over a set of images: previous/next (also ←/→), 'n of total', close (also Escape), delete. */
export const ImageGallery = ({ images, index, onIndexChange, onDelete }: TImageGalleryProps) => {
  const [busy, setBusy] = useState(false);
  const total = images.length;
  const opened = index !== null && total > 0;
  const current = opened ? Math.min(Math.max(index, 0), total - 1) : 0;
  const image = images[current];

  const go = (step: number) => {
    if (!opened || total < 2) return;
    onIndexChange((current + step + total) % total);
  };
  const handleClose = () => onIndexChange(null);

  useWindowEvent('keydown', (event) => {
    if (!opened || busy) return;
    if (event.key === 'ArrowLeft') go(-1);
    if (event.key === 'ArrowRight') go(1);
  });

  const handleDelete = async () => {
    if (onDelete === undefined || image === undefined) return;
    setBusy(true);
    try {
      await onDelete(image);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      closeOnEscape={!busy}
      size="xl"
      centered
      title={
        <Group gap="sm">
          <Text fw={600}>{image?.label}</Text>
          <Text c="dimmed" size="sm" data-testid="gallery-position">
            {`${current + 1} of ${total}`}
          </Text>
        </Group>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="image-gallery"
    >
      {image === undefined ? null : (
        <Stack gap="md">
          <Group wrap="nowrap" gap="xs" align="center">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Previous image"
              disabled={total < 2}
              onClick={() => go(-1)}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Box flex={1} miw={0}>
              <FullImage src={image.src} alt={image.label} mah="70vh" radius="sm" fallbackHeight={240} />
            </Box>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Next image"
              disabled={total < 2}
              onClick={() => go(1)}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
          {onDelete === undefined ? null : (
            <Group justify="center">
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                loading={busy}
                onClick={() => void handleDelete()}
              >
                Delete image
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
};

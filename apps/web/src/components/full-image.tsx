import { Anchor, Center, Image, type ImageProps, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';

type TFullImageProps = Omit<ImageProps, 'src' | 'onError' | 'fit'> & {
  src: string;
  alt: string;
  /** The height of the box that says the image is not available, about the image's own. */
  fallbackHeight: number;
};

/** An image shown whole; when it cannot load, "Preview not available" and a link to open the file. */
export const FullImage = ({ src, alt, fallbackHeight, ...image }: TFullImageProps) => {
  // The source that failed, so that another source is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  return failed === src ? (
    <Center mih={fallbackHeight}>
      <Stack align="center" gap="xs">
        <IconPhotoOff size={40} />
        <Text c="dimmed">Preview not available</Text>
        <Anchor href={src} target="_blank" rel="noopener noreferrer">
          Open file
        </Anchor>
      </Stack>
    </Center>
  ) : (
    <Image src={src} alt={alt} fit="contain" onError={() => setFailed(src)} {...image} />
  );
};

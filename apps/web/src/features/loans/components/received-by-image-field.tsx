import { MAX_UPLOAD_BYTES, uploadMessages } from '@lending/domain';
import { Button, FileInput, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { readFileType } from '../../../lib/file-type';

export const RECEIVED_BY_LABEL = 'Received By Image';

/** An image file (read from its first bytes) of at most 2 MB, or the message refusing it. */
export const checkReceivedByImage = async (file: File): Promise<string | null> => {
  const type = await readFileType(file);
  if (type === null || !type.startsWith('image/')) return uploadMessages.notImage(RECEIVED_BY_LABEL);
  if (file.size > MAX_UPLOAD_BYTES) return uploadMessages.tooLarge(RECEIVED_BY_LABEL);
  return null;
};

/** A preview URL for a picked file, revoked when the file changes. */
const useObjectUrl = (file: File | null): string | null => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (file === null) {
      setUrl(null);
      return undefined;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
};

type TReceivedByImageFieldProps = {
  /** A newly picked file. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** The stored image's URL (edit), unless removed. */
  storedSrc: string | null;
  onRemoveStored: () => void;
  error?: string | null;
  disabled?: boolean;
};

/** The received-by image: a picker, a preview of the picked or stored image, and Remove. */
export const ReceivedByImageField = ({
  file,
  onFileChange,
  storedSrc,
  onRemoveStored,
  error,
  disabled = false,
}: TReceivedByImageFieldProps) => {
  const pickedUrl = useObjectUrl(file);
  const preview = pickedUrl ?? storedSrc;
  const handleRemove = () => {
    if (file !== null) onFileChange(null);
    else onRemoveStored();
  };

  return (
    <Stack gap="xs">
      <FileInput
        label={RECEIVED_BY_LABEL}
        placeholder="Choose an image"
        accept="image/*"
        value={file}
        onChange={onFileChange}
        error={error}
        disabled={disabled}
        leftSection={<IconPhoto size={16} />}
      />
      {preview === null ? null : (
        <Input.Wrapper label="Preview">
          <Paper withBorder p="xs" radius="md">
            <Group justify="space-between" align="center" wrap="nowrap">
              <Image src={preview} alt="Received by preview" h={96} w={128} fit="contain" radius="sm" />
              <Stack gap={4} align="flex-end">
                <Text size="xs" c="dimmed">
                  {file === null ? 'Current image' : file.name}
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={handleRemove}
                  disabled={disabled}
                >
                  Remove image
                </Button>
              </Stack>
            </Group>
          </Paper>
        </Input.Wrapper>
      )}
    </Stack>
  );
};

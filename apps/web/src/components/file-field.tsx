import { FileInput, Group, Image, Input, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFileText, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';

type TDocumentThumbProps = { src: string; label: string; onView?: () => void };

/** A small preview of a stored document; a button opening the viewer when `onView` is given. */
export const DocumentThumb = ({ src, label, onView }: TDocumentThumbProps) => {
  const [failed, setFailed] = useState(false);
  const preview = failed ? (
    <IconFileText size={32} aria-label={label} />
  ) : (
    <Image src={src} alt={label} w={56} h={56} fit="cover" radius="sm" onError={() => setFailed(true)} />
  );
  if (onView === undefined) return preview;
  return (
    <UnstyledButton onClick={onView} aria-label={`View ${label}`} title={`View ${label}`}>
      {preview}
    </UnstyledButton>
  );
};

type TFileFieldProps = {
  label: string;
  /** The form field name (also the input's name attribute). */
  name: string;
  value: File | null;
  onChange: (file: File | null) => void;
  accept?: string;
  error?: string | null;
  description?: string;
  /** The stored file, if any: shown as a thumbnail next to the picker. */
  currentSrc?: string | null;
  onView?: () => void;
  /** Said when nothing is stored yet (e.g. 'No QR code uploaded yet'). */
  emptyText?: string;
  /** Only the stored file is shown, no picker. */
  readOnly?: boolean;
  disabled?: boolean;
};

/** One file of a form: the stored file's thumbnail (opening a viewer) and a picker to replace it. */
export const FileField = ({
  label,
  name,
  value,
  onChange,
  accept = 'image/*',
  error,
  description,
  currentSrc,
  onView,
  emptyText,
  readOnly = false,
  disabled = false,
}: TFileFieldProps) => {
  const stored =
    currentSrc !== null && currentSrc !== undefined && currentSrc !== '' ? (
      <DocumentThumb src={currentSrc} label={label} onView={onView} />
    ) : emptyText === undefined ? null : (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );

  if (readOnly) {
    return (
      <Input.Wrapper label={label}>
        <Stack gap={4} pt={4}>
          {stored ?? (
            <Text size="sm" c="dimmed">
              Not uploaded
            </Text>
          )}
        </Stack>
      </Input.Wrapper>
    );
  }

  return (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      <FileInput
        flex={1}
        miw={0}
        label={label}
        description={description}
        placeholder="Choose file"
        name={name}
        accept={accept}
        value={value}
        onChange={onChange}
        error={error}
        clearable
        clearButtonProps={{ 'aria-label': `Clear ${label}` }}
        disabled={disabled}
        leftSection={<IconUpload size={16} />}
      />
      {stored === null ? null : <div style={{ paddingBottom: error ? 22 : 0 }}>{stored}</div>}
    </Group>
  );
};

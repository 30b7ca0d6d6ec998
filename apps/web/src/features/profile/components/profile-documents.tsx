import { DOCUMENT_LABELS, type DocumentField, type TPublicUser } from '@lending/domain';
import { Button, Card, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { FileField } from '../../../components/file-field';
import {
  PROFILE_DOCUMENTS,
  profileGalleryImages,
  type TProfileFileErrors,
  type TProfileFiles,
} from '../lib/profile-form';

type TProfileDocumentsProps = {
  user: TPublicUser;
  files: TProfileFiles;
  errors: TProfileFileErrors;
  onChange: (field: DocumentField, file: File | null) => void;
  onView: (index: number) => void;
  onRemove: (field: DocumentField) => void;
};

/** Identity documents: each stored one as a thumbnail (opening the viewer) with Remove; a picker to replace. */
export const ProfileDocuments = ({
  user,
  files,
  errors,
  onChange,
  onView,
  onRemove,
}: TProfileDocumentsProps) => {
  const gallery = profileGalleryImages(user);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Identity Documents
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          {PROFILE_DOCUMENTS.map((field) => {
            const index = gallery.findIndex((image) => image.key === field);
            return (
              <Stack key={field} gap={4}>
                <FileField
                  label={DOCUMENT_LABELS[field]}
                  name={field}
                  accept={field === 'bank_check' ? 'image/*,application/pdf' : 'image/*'}
                  description={field === 'bank_check' ? 'Image or PDF, up to 2MB' : 'Image, up to 2MB'}
                  value={files[field]}
                  onChange={(file) => onChange(field, file)}
                  error={errors[field] ?? null}
                  currentSrc={user[field]}
                  onView={index < 0 ? undefined : () => onView(index)}
                />
                {user[field] ? (
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-xs"
                    leftSection={<IconTrash size={12} />}
                    style={{ alignSelf: 'flex-start' }}
                    onClick={() => onRemove(field)}
                    aria-label={`Remove ${DOCUMENT_LABELS[field]}`}
                  >
                    Remove
                  </Button>
                ) : null}
              </Stack>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Card>
  );
};

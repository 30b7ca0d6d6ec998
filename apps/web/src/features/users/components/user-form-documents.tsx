import { DOCUMENT_LABELS, type TManagedUser, type UserFileField } from '@lending/domain';
import { Divider, SimpleGrid } from '@mantine/core';
import { FileField } from '../../../components/file-field';
import {
  FORM_DOCUMENTS,
  type TUserFileErrors,
  type TUserFiles,
  USER_FILE_ACCEPT,
  userGalleryImages,
} from '../lib/user-form';

type TUserFormDocumentsProps = {
  user: TManagedUser | null;
  files: TUserFiles;
  errors: TUserFileErrors;
  onChange: (field: UserFileField, file: File | null) => void;
  /** Opens the gallery at the given image. */
  onView: (index: number) => void;
  /** The Agent QR Code field shows only for agent, admin and superadmin roles. */
  showQr: boolean;
  readOnly: boolean;
};

const HINT = 'Image, up to 2MB';

/** The form's file fields: five documents and, for some roles, the payment QR code. */
export const UserFormDocuments = ({
  user,
  files,
  errors,
  onChange,
  onView,
  showQr,
  readOnly,
}: TUserFormDocumentsProps) => {
  const gallery = userGalleryImages(user);
  const viewerFor = (field: UserFileField) => {
    const index = gallery.findIndex((image) => image.key === field);
    return index < 0 ? undefined : () => onView(index);
  };
  const fields: UserFileField[] = showQr ? [...FORM_DOCUMENTS, 'agent_qr_code'] : [...FORM_DOCUMENTS];

  return (
    <>
      <Divider label="Documents" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {fields.map((field) => (
          <FileField
            key={field}
            label={DOCUMENT_LABELS[field]}
            name={field}
            accept={USER_FILE_ACCEPT[field]}
            description={readOnly ? undefined : field === 'bank_check' ? 'Image or PDF, up to 2MB' : HINT}
            value={files[field]}
            onChange={(file) => onChange(field, file)}
            error={errors[field] ?? null}
            currentSrc={field === 'agent_qr_code' ? user?.agent_qr_code_url : user?.[field]}
            onView={viewerFor(field)}
            emptyText={field === 'agent_qr_code' ? 'No QR code uploaded yet' : undefined}
            readOnly={readOnly}
          />
        ))}
      </SimpleGrid>
    </>
  );
};

import type { DocumentField } from '@lending/domain';
import { FileInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { REGISTRATION_FILE_ACCEPT } from '../lib/registration-files';

type TRegistrationFileFieldProps = {
  field: DocumentField;
  label: string;
  value: File | null;
  error?: string | null;
  description?: string;
  onChange: (field: DocumentField, file: File | null) => void;
};

/** One optional document upload of the registration form. */
export const RegistrationFileField = ({
  field,
  label,
  value,
  error,
  description,
  onChange,
}: TRegistrationFileFieldProps) => (
  <FileInput
    label={label}
    description={description}
    placeholder="Choose file"
    accept={REGISTRATION_FILE_ACCEPT[field]}
    value={value}
    onChange={(file) => onChange(field, file)}
    error={error}
    clearable
    leftSection={<IconUpload size={16} />}
    name={field}
  />
);

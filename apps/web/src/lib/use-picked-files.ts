import { checkUserFileOnSelect, type UserFileField } from '@lending/domain';
import { useState } from 'react';
import { readFileType } from './file-type';

/**
 * The files picked in a user or profile form and the message of each refused one. A pick is checked
 * at once (size and sniffed type); removing it clears its message.
 */
export const usePickedFiles = <F extends UserFileField>(empty: Record<F, File | null>) => {
  const [files, setFiles] = useState<Record<F, File | null>>(empty);
  const [fileErrors, setFileErrors] = useState<Partial<Record<F, string>>>({});
  const handleFileChange = async (field: F, file: File | null) => {
    setFiles((current) => ({ ...current, [field]: file }));
    const message =
      file === null
        ? null
        : checkUserFileOnSelect(field, { size: file.size, type: await readFileType(file) });
    setFileErrors((current) => ({ ...current, [field]: message ?? undefined }));
  };
  return { files, setFiles, fileErrors, setFileErrors, handleFileChange };
};

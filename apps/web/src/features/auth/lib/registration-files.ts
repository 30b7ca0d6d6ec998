import {
  checkRegistrationFileOnSelect,
  checkRegistrationFileOnSubmit,
  DOCUMENT_FIELDS,
  type DocumentField,
} from '@lending/domain';
import { readFileType } from '../../../lib/file-type';

export type TRegistrationFiles = Record<DocumentField, File | null>;
export type TFileErrors = Partial<Record<DocumentField, string>>;

export const EMPTY_REGISTRATION_FILES: TRegistrationFiles = {
  profile_pic: null,
  adhaar_card: null,
  voter_card: null,
  pan_card: null,
  bank_check: null,
};

export const isDocumentField = (name: string): name is DocumentField =>
  (DOCUMENT_FIELDS as readonly string[]).includes(name);

/** The check made when a file is picked ('File size must be less than 2MB', …). */
export const checkPickedFile = async (field: DocumentField, file: File): Promise<string | null> =>
  checkRegistrationFileOnSelect(field, { size: file.size, type: await readFileType(file) });

/** The checks made on submit, with the per-card messages; empty when every chosen file passes. */
export const checkFilesForSubmit = async (files: TRegistrationFiles): Promise<TFileErrors> => {
  const errors: TFileErrors = {};
  for (const field of DOCUMENT_FIELDS) {
    const file = files[field];
    if (file === null) continue;
    const message = checkRegistrationFileOnSubmit(field, { size: file.size, type: await readFileType(file) });
    if (message !== null) errors[field] = message;
  }
  return errors;
};

/** The HTML `accept` attribute for each registration file field (a hint; the checks above decide). */
export const REGISTRATION_FILE_ACCEPT: Record<DocumentField, string> = {
  profile_pic: 'image/*',
  adhaar_card: 'image/jpeg,image/png,.jpg,.jpeg,.png',
  voter_card: 'image/jpeg,image/png,.jpg,.jpeg,.png',
  pan_card: 'image/jpeg,image/png,.jpg,.jpeg,.png',
  bank_check: 'image/*,application/pdf',
};

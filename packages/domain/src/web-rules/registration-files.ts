import {
  type DocumentField,
  MAX_UPLOAD_BYTES,
  REGISTRATION_FILE_TYPES,
  type SniffedType,
  uploadMessages,
} from '../files/uploads';

/** The identity cards the registration form restricts to JPG/JPEG/PNG. */
export const REGISTRATION_ID_CARDS = ['adhaar_card', 'voter_card', 'pan_card'] as const;

/** Messages of the registration form's file checks that `uploadMessages` does not already hold. */
export const registrationFileMessages = {
  imageOrPdf: 'Only image or PDF files are allowed',
} as const;

/** A chosen file as the checks see it: its size and the kind its first bytes reveal (null: unknown). */
export type TCheckedFile = { size: number; type: SniffedType | null };

const typeMessage = (field: DocumentField): string => {
  if (field === 'bank_check') return registrationFileMessages.imageOrPdf;
  if (field === 'profile_pic') return uploadMessages.clientNotImage;
  return uploadMessages.jpegPngOnly;
};

const typeAllowed = (field: DocumentField, type: SniffedType | null): boolean =>
  type !== null && REGISTRATION_FILE_TYPES[field].includes(type);

/** Check made when a file is chosen: 2 MB limit, then the field's accepted kinds. */
export const checkRegistrationFileOnSelect = (field: DocumentField, file: TCheckedFile): string | null => {
  if (file.size > MAX_UPLOAD_BYTES) return uploadMessages.clientTooLarge;
  if (!typeAllowed(field, file.type)) return typeMessage(field);
  return null;
};

/** Check made on submit: the per-card size messages ('PAN card image must be less than 2MB'), then kinds. */
export const checkRegistrationFileOnSubmit = (field: DocumentField, file: TCheckedFile): string | null => {
  if (file.size > MAX_UPLOAD_BYTES) return uploadMessages.registrationTooLarge(field);
  if (!typeAllowed(field, file.type)) return typeMessage(field);
  return null;
};

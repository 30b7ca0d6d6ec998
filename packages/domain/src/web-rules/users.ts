import {
  DOCUMENT_LABELS,
  type DocumentField,
  MAX_UPLOAD_BYTES,
  type SniffedType,
  USER_FORM_FILE_TYPES,
  uploadMessages,
} from '../files/uploads';
import { type UserFormContext, userFormMessages, ZUserFormFields } from '../schemas/user-form';
import { registrationFileMessages, type TCheckedFile } from './registration-files';

/** Roles whose users may carry a payment QR code. */
export const QR_CODE_ROLES = ['agent', 'admin', 'superadmin'] as const;

/** The user form's file fields: the five documents and the agent's payment QR code. */
export type UserFileField = DocumentField | 'agent_qr_code';

const typeAllowed = (field: UserFileField, type: SniffedType | null) =>
  type !== null && USER_FORM_FILE_TYPES[field].includes(type);

/** Check made when a file is chosen in the user form or the profile, before anything is sent. */
export const checkUserFileOnSelect = (field: UserFileField, file: TCheckedFile): string | null => {
  if (file.size > MAX_UPLOAD_BYTES) return uploadMessages.clientTooLarge;
  if (typeAllowed(field, file.type)) return null;
  return field === 'bank_check' ? registrationFileMessages.imageOrPdf : uploadMessages.clientNotImage;
};

/** Check made on save: '{field} must be less than 2MB', '{field} must be an image file (…)'. */
export const checkUserFileOnSave = (field: UserFileField, file: TCheckedFile): string | null => {
  const label = DOCUMENT_LABELS[field];
  if (file.size > MAX_UPLOAD_BYTES) return uploadMessages.tooLarge(label);
  if (typeAllowed(field, file.type)) return null;
  return field === 'bank_check'
    ? `${uploadMessages.notImage(label)} or a PDF`
    : uploadMessages.notImage(label);
};

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Every message the users form shows at once: the field rules of `ZUserFormFields`
 * plus the rules that depend on who fills the form, checked even while other fields are wrong
 * (the schema's own refinements only run once the fields parse).
 */
export const userFormErrors = (
  values: Record<string, unknown>,
  { mode, actorIsAgent }: UserFormContext,
): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of ZUserFormFields.safeParse(values).error?.issues ?? [])
    errors[issue.path.join('.')] ??= issue.message;
  if (mode === 'create' && !actorIsAgent && (values.password === '' || values.password === undefined))
    errors.password ??= userFormMessages.passwordRequiredForNew;
  if (!actorIsAgent && isBlank(values.role_id)) errors.role_id ??= userFormMessages.roleRequired;
  if (actorIsAgent && mode === 'create' && isBlank(values.reference_customer_id))
    errors.reference_customer_id ??= userFormMessages.referenceRequired;
  return errors;
};

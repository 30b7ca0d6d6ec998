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

/** The users screen's constants. */
export const USERS_PAGE_SIZE = 12;
export const USERS_SEARCH_DEBOUNCE_MS = 400;
export const PAGE_WINDOW_SIZE = 5;
/** The admin reference picker loads this many users. */
export const REFERENCE_PICKER_LIMIT = 1000;

/** One slot of a pager: a page number, or a gap shown as an ellipsis. */
export type TPagerItem = { kind: 'page'; page: number } | { kind: 'gap'; key: 'start' | 'end' };

/**
 * The page buttons of a pager: a window of `size` pages around `page` (shifted to stay inside
 * 1..totalPages), plus the first and last pages as shortcuts with an ellipsis where pages are skipped.
 */
export const pagerItems = (page: number, totalPages: number, size = PAGE_WINDOW_SIZE): TPagerItem[] => {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(1, page), totalPages);
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), totalPages - size + 1));
  const end = Math.min(totalPages, start + size - 1);
  const items: TPagerItem[] = [];
  if (start > 1) items.push({ kind: 'page', page: 1 });
  if (start > 2) items.push({ kind: 'gap', key: 'start' });
  for (let number = start; number <= end; number += 1) items.push({ kind: 'page', page: number });
  if (end < totalPages - 1) items.push({ kind: 'gap', key: 'end' });
  if (end < totalPages) items.push({ kind: 'page', page: totalPages });
  return items;
};

/** 'agent' → 'Agent': role names with the first letter capitalised. */
export const roleLabel = (name: string): string =>
  name === '' ? '' : `${name[0]?.toUpperCase()}${name.slice(1)}`;

/** Local search of the agents' list: name or e-mail containing the term, ignoring case. */
export const matchesUserSearch = (user: { name: string; email: string }, term: string): boolean => {
  const needle = term.trim().toLowerCase();
  if (needle === '') return true;
  return user.name.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle);
};

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

/**
 * Where a refused save's message also shows: one mentioning the reference customer
 * under the reference picker, one mentioning the mobile under the mobile field.
 */
export const saveErrorField = (message: string): 'reference_customer_id' | 'mobile' | null => {
  const text = message.toLowerCase();
  if (text.includes('reference customer')) return 'reference_customer_id';
  if (text.includes('mobile')) return 'mobile';
  return null;
};

/** A maps search for a position, opened in a new tab. */
export const mapsSearchUrl = (latitude: number, longitude: number): string =>
  `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;

/** The text the location modal's Copy button puts on the clipboard: 'lat, lng'. */
export const coordinatesText = (latitude: number, longitude: number): string => `${latitude}, ${longitude}`;

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

import {
  DOCUMENT_LABELS,
  type DocumentField,
  normalizeRoleName,
  QR_CODE_ROLES,
  type TManagedUser,
  type TRoleName,
  type UserFileField,
} from '@lending/domain';
import type { TGalleryImage } from '../../../components/image-gallery';

/** Who fills the form and for what. */
export type TFormMode = 'create' | 'edit' | 'view';

export type TUserFormValues = {
  name: string;
  email: string;
  password: string;
  role_id: string;
  is_active: boolean;
  mobile: string;
  address: string;
  reference_customer_id: string;
};

export type TUserFiles = Record<UserFileField, File | null>;
export type TUserFileErrors = Partial<Record<UserFileField, string>>;

/** The form's document pickers, in the order lists them. */
export const FORM_DOCUMENTS: readonly DocumentField[] = [
  'profile_pic',
  'pan_card',
  'voter_card',
  'adhaar_card',
  'bank_check',
];

export const EMPTY_USER_FILES: TUserFiles = {
  profile_pic: null,
  pan_card: null,
  voter_card: null,
  adhaar_card: null,
  bank_check: null,
  agent_qr_code: null,
};

export const USER_FILE_ACCEPT: Record<UserFileField, string> = {
  profile_pic: 'image/*',
  pan_card: 'image/*',
  voter_card: 'image/*',
  adhaar_card: 'image/*',
  bank_check: 'image/*,application/pdf',
  agent_qr_code: 'image/*',
};

/** Text fields the server may name in `errors[]`. */
export const USER_TEXT_FIELDS: readonly string[] = [
  'name',
  'email',
  'password',
  'role_id',
  'is_active',
  'mobile',
  'address',
  'reference_customer_id',
];

export const isUserFileField = (name: string): name is UserFileField => name in EMPTY_USER_FILES;

export const initialValues = (user: TManagedUser | null): TUserFormValues => ({
  name: user?.name ?? '',
  email: user?.email ?? '',
  password: '',
  role_id: user === null ? '' : String(user.role_id),
  is_active: user?.is_active ?? true,
  mobile: user?.mobile ?? '',
  address: user?.address ?? '',
  reference_customer_id: String(user?.reference_customer_id ?? ''),
});

/** Roles the selector offers: every role but superadmin, unless the edited user already is one. */
export const selectableRoles = (roles: readonly TRoleName[], user: TManagedUser | null): TRoleName[] =>
  roles.filter(
    (role) => normalizeRoleName(role.name) !== 'superadmin' || (user !== null && role.id === user.role_id),
  );

/** Whether the chosen role carries a payment QR code (agent, admin, superadmin). */
export const roleTakesQr = (roleName: string | undefined): boolean =>
  (QR_CODE_ROLES as readonly string[]).includes(normalizeRoleName(roleName));

type TBuildOptions = { mode: 'create' | 'edit'; actorIsAgent: boolean };

/** The multipart body of POST /users or PUT /users/{id}; the QR code goes separately (PATCH). */
export const buildUserFormData = (
  values: TUserFormValues,
  files: TUserFiles,
  { mode, actorIsAgent }: TBuildOptions,
): FormData => {
  const body = new FormData();
  body.append('name', values.name.trim());
  body.append('email', values.email.trim());
  body.append('mobile', values.mobile.trim());
  body.append('address', values.address.trim());
  body.append('reference_customer_id', values.reference_customer_id);
  if (!actorIsAgent) {
    if (mode === 'create' || values.password !== '') body.append('password', values.password);
    body.append('role_id', values.role_id);
    body.append('is_active', String(values.is_active));
  }
  for (const field of FORM_DOCUMENTS) {
    const file = files[field];
    if (file !== null) body.append(field, file);
  }
  return body;
};

/** Every stored document of a user (and their QR code), for the gallery. */
export const userGalleryImages = (user: TManagedUser | null): TGalleryImage[] => {
  if (user === null) return [];
  const images: TGalleryImage[] = [];
  for (const field of FORM_DOCUMENTS) {
    const src = user[field];
    if (src) images.push({ key: field, label: DOCUMENT_LABELS[field], src });
  }
  if (user.agent_qr_code_url)
    images.push({ key: 'agent_qr_code', label: DOCUMENT_LABELS.agent_qr_code, src: user.agent_qr_code_url });
  return images;
};

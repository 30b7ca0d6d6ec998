import { DOCUMENT_LABELS, type DocumentField, type TProfileForm, type TPublicUser } from '@lending/domain';
import type { TGalleryImage } from '../../../components/image-gallery';

export const profileMessages = {
  loadFailed: 'Failed to load profile data',
  updated: 'Profile updated successfully!',
  updateFailed: 'Failed to update profile',
  deleteFailed: 'Failed to delete image',
  passwordChanged: 'Password changed successfully!',
  passwordFailed: 'Failed to change password',
  emailNote: 'Email cannot be changed for security reasons',
  mobileNote: 'Mobile cannot be changed for security reasons',
  qrNote: 'Contact admin to upload or change your QR code.',
} as const;

/** The identity documents of the profile, in the order lists them. */
export const PROFILE_DOCUMENTS: readonly DocumentField[] = [
  'profile_pic',
  'pan_card',
  'voter_card',
  'adhaar_card',
  'bank_check',
];

export type TProfileFiles = Record<DocumentField, File | null>;
export type TProfileFileErrors = Partial<Record<DocumentField, string>>;

export const EMPTY_PROFILE_FILES: TProfileFiles = {
  profile_pic: null,
  pan_card: null,
  voter_card: null,
  adhaar_card: null,
  bank_check: null,
};

const coordinate = (value: number | null) => (value === null ? '' : String(value));

export const profileFormValues = (user: TPublicUser): TProfileForm => ({
  name: user.name,
  address: user.address ?? '',
  latitude: coordinate(user.latitude),
  longitude: coordinate(user.longitude),
});

/** The multipart body of the profile's Save: text fields and new documents (others are kept). */
export const buildProfileFormData = (values: TProfileForm, files: TProfileFiles): FormData => {
  const body = new FormData();
  body.append('name', values.name.trim());
  body.append('address', values.address.trim());
  body.append('latitude', values.latitude.trim());
  body.append('longitude', values.longitude.trim());
  for (const field of PROFILE_DOCUMENTS) {
    const file = files[field];
    if (file !== null) body.append(field, file);
  }
  return body;
};

/** The stored documents, for the viewer. */
export const profileGalleryImages = (user: TPublicUser): TGalleryImage[] =>
  PROFILE_DOCUMENTS.flatMap((field) => {
    const src = user[field];
    return src ? [{ key: field, label: DOCUMENT_LABELS[field], src }] : [];
  });

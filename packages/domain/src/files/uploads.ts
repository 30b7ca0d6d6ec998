/** Upload size limit for every document: 2 MB. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** File kinds recognised by their first bytes, never by name or declared type. */
export type SniffedType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'application/pdf';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  signature.every((byte, index) => bytes[offset + index] === byte);

export const sniffFileType = (bytes: Uint8Array): SniffedType | null => {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
};

export const FILE_EXTENSIONS: Record<SniffedType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** The identity and KYC document fields a user carries. */
export const DOCUMENT_FIELDS = [
  'profile_pic',
  'adhaar_card',
  'voter_card',
  'pan_card',
  'bank_check',
] as const;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];

export const DOCUMENT_LABELS: Record<DocumentField | 'agent_qr_code', string> = {
  profile_pic: 'Profile Picture',
  adhaar_card: 'Aadhaar Card',
  voter_card: 'Voter Card',
  pan_card: 'PAN Card',
  bank_check: 'Bank Check',
  agent_qr_code: 'Agent QR Code',
};

const IMAGES: readonly SniffedType[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const JPEG_PNG: readonly SniffedType[] = ['image/jpeg', 'image/png'];

/** Which kinds each registration field takes (ID cards JPG/PNG, bank check also PDF). */
export const REGISTRATION_FILE_TYPES: Record<DocumentField, readonly SniffedType[]> = {
  profile_pic: IMAGES,
  adhaar_card: JPEG_PNG,
  voter_card: JPEG_PNG,
  pan_card: JPEG_PNG,
  bank_check: [...IMAGES, 'application/pdf'],
};

/** Which kinds the user form's fields take (images; the bank check also PDF). */
export const USER_FORM_FILE_TYPES: Record<DocumentField | 'agent_qr_code', readonly SniffedType[]> = {
  profile_pic: IMAGES,
  adhaar_card: IMAGES,
  voter_card: IMAGES,
  pan_card: IMAGES,
  bank_check: [...IMAGES, 'application/pdf'],
  agent_qr_code: IMAGES,
};

/** Messages for refused uploads, as the forms show them. */
export const uploadMessages = {
  tooLarge: (label: string) => `${label} must be less than 2MB`,
  registrationTooLarge: (field: DocumentField) =>
    ({
      pan_card: 'PAN card image must be less than 2MB',
      voter_card: 'Voter card image must be less than 2MB',
      adhaar_card: 'Aadhaar card image must be less than 2MB',
      profile_pic: 'Profile picture must be less than 2MB',
      bank_check: 'Bank check must be less than 2MB',
    })[field],
  jpegPngOnly: 'Only JPG, JPEG & PNG files are allowed',
  notImage: (label: string) => `${label} must be an image file (jpg, png, gif, webp)`,
  clientTooLarge: 'File size must be less than 2MB',
  clientNotImage: 'Please upload only image files (JPG, PNG, etc.)',
} as const;

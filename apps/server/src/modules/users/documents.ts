import {
  DOCUMENT_FIELDS,
  DOCUMENT_LABELS,
  type DocumentField,
  USER_FORM_FILE_TYPES,
  uploadMessages,
} from '@lending/domain';
import type { FileStorage } from '../../platform/storage/file-storage';
import { newStorageKey } from '../../platform/storage/file-storage';
import type { FileRule, UploadedFile } from '../../platform/storage/multipart';
import type { UserRow } from './repository';

/** Every stored file a user carries: the five documents and the agent's payment QR code. */
export type StoredFileField = DocumentField | 'agent_qr_code';

export const FILE_COLUMNS = {
  profile_pic: 'profilePic',
  adhaar_card: 'adhaarCard',
  voter_card: 'voterCard',
  pan_card: 'panCard',
  bank_check: 'bankCheck',
  agent_qr_code: 'agentQrCode',
} as const satisfies Record<StoredFileField, keyof UserRow>;

export type FileColumn = (typeof FILE_COLUMNS)[StoredFileField];
export type FileColumnChanges = Partial<Record<FileColumn, string | null>>;

const ALL_FILE_FIELDS = Object.keys(FILE_COLUMNS) as StoredFileField[];

/** '{Label} must be less than 2MB' and '{Label} must be an image file (jpg, png, gif, webp)'. */
export const fileRuleFor = (field: StoredFileField): FileRule => {
  const label = DOCUMENT_LABELS[field];
  return {
    types: USER_FORM_FILE_TYPES[field],
    tooLarge: uploadMessages.tooLarge(label),
    wrongType:
      field === 'bank_check'
        ? `${label} must be an image file (jpg, png, gif, webp) or a PDF`
        : uploadMessages.notImage(label),
  };
};

export const DOCUMENT_FILE_RULES: Record<string, FileRule> = Object.fromEntries(
  DOCUMENT_FIELDS.map((field) => [field, fileRuleFor(field)]),
);

export const AGENT_QR_FILE_RULES: Record<string, FileRule> = { agent_qr_code: fileRuleFor('agent_qr_code') };

export const isDocumentField = (name: string): name is DocumentField =>
  (DOCUMENT_FIELDS as readonly string[]).includes(name);

/** The owner's hidden documents without `fields`: a new file, or a purge, ends the hiding. */
export const unhide = (hidden: readonly string[], fields: readonly string[]): string[] =>
  hidden.filter((field) => !fields.includes(field));

/** The storage keys a user's row holds for the given fields (all of them by default). */
export const storedKeys = (user: UserRow, fields: readonly StoredFileField[] = ALL_FILE_FIELDS): string[] =>
  fields.map((field) => user[FILE_COLUMNS[field]]).filter((key): key is string => Boolean(key));

/**
 * Removes files; a failure leaves an unreferenced file behind rather than failing a change that has
 * already been committed.
 */
export const removeFiles = async (storage: FileStorage, keys: readonly string[]) => {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
};

export type UploadedFiles = Partial<Record<StoredFileField, UploadedFile>>;

/**
 * Stores new files under random keys, then runs the change (a transaction) with their columns.
 * If the change fails the new files are removed; once it has committed, the files it replaced are.
 */
export const withUploads = async <T>(
  storage: FileStorage,
  files: UploadedFiles,
  change: (columns: FileColumnChanges) => Promise<{ result: T; replaced: string[] }>,
): Promise<T> => {
  const columns: FileColumnChanges = {};
  const written: string[] = [];
  let outcome: { result: T; replaced: string[] };
  try {
    for (const [field, file] of Object.entries(files) as [StoredFileField, UploadedFile][]) {
      const key = newStorageKey(file.type);
      await storage.put(key, file.data, file.type);
      written.push(key);
      columns[FILE_COLUMNS[field]] = key;
    }
    outcome = await change(columns);
  } catch (error) {
    await removeFiles(storage, written);
    throw error;
  }
  await removeFiles(storage, outcome.replaced);
  return outcome.result;
};

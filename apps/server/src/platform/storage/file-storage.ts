import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { FILE_EXTENSIONS, type SniffedType } from '@lending/domain';

/** Where uploaded documents live; local folder by default, object storage in production. */
export type FileStorage = {
  put: (key: string, data: Buffer, contentType: SniffedType) => Promise<void>;
  get: (key: string) => Promise<Buffer | null>;
  delete: (key: string) => Promise<void>;
};

const CONTENT_TYPES = Object.fromEntries(
  Object.entries(FILE_EXTENSIONS).map(([type, ext]) => [ext, type]),
) as Record<string, SniffedType>;

/** Keys are random names chosen by the server; anything else (e.g. '../x') is refused before touching a disk. */
const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif|webp|pdf)$/;

export const isStorageKey = (key: string): boolean => KEY_PATTERN.test(key);

export const newStorageKey = (type: SniffedType): string => `${randomUUID()}.${FILE_EXTENSIONS[type]}`;

export const contentTypeOfKey = (key: string): SniffedType | null =>
  CONTENT_TYPES[key.split('.').pop() ?? ''] ?? null;

export const createLocalStorage = (root: string): FileStorage => {
  const pathOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    put: async (key, data) => {
      await fs.mkdir(root, { recursive: true });
      await fs.writeFile(pathOf(key), data, { flag: 'wx' });
    },
    get: async (key) => {
      if (!isStorageKey(key)) return null;
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    delete: async (key) => {
      if (!isStorageKey(key)) return;
      await fs.rm(pathOf(key), { force: true });
    },
  };
};

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { FILE_EXTENSIONS, type SniffedType } from '@lending/domain';
import { isNoSpaceLeft } from '../db-errors';
import { AppError } from '../errors';

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

/** The file-system calls local storage makes; a test hands in a disk that fills up. */
export type StorageFs = Pick<typeof fs, 'mkdir' | 'writeFile' | 'rename' | 'rm' | 'readFile'>;

/**
 * Files under `root`. A file is written under a temporary name and renamed into place only once
 * complete, so a full disk or a killed process never leaves a partial file under a document's key.
 */
export const createLocalStorage = (root: string, files: StorageFs = fs): FileStorage => {
  const pathOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    put: async (key, data) => {
      const target = pathOf(key);
      const partial = `${target}.${randomUUID()}.part`;
      await files.mkdir(root, { recursive: true });
      try {
        await files.writeFile(partial, data, { flag: 'wx' });
        await files.rename(partial, target);
      } catch (error) {
        await files.rm(partial, { force: true });
        if (isNoSpaceLeft(error))
          throw new AppError('STORAGE_FULL', 'No space left to store the file; nothing was saved');
        throw error;
      }
    },
    get: async (key) => {
      if (!isStorageKey(key)) return null;
      try {
        return await files.readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    delete: async (key) => {
      if (!isStorageKey(key)) return;
      await files.rm(pathOf(key), { force: true });
    },
  };
};

import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_EXTENSIONS, type SniffedType } from '@lending/domain';
import { isNoSpaceLeft } from '../db-errors';
import { AppError } from '../errors';

/**
 * Where uploaded documents and the files the server makes (exports) live; local folder by default,
 * object storage in production. Documents are a few MB and go whole (`put`, `get`); a file the
 * server makes may be any size and is streamed (`putStream`, `getStream`).
 */
export type FileStorage = {
  put: (key: string, data: Buffer, contentType: SniffedType) => Promise<void>;
  get: (key: string) => Promise<Buffer | null>;
  delete: (key: string) => Promise<void>;
  /**
   * Stores `source` under `key` in bounded memory. The file appears whole or not at all: when
   * `source` fails (or is destroyed) the promise rejects and nothing is left under the key.
   */
  putStream: (key: string, source: Readable, contentType: string) => Promise<void>;
  /** The stored file as a stream, or null when there is none. */
  getStream: (key: string) => Promise<Readable | null>;
  /** The keys stored in `folder` (a folder key's first part), in no particular order. */
  list: (folder: string) => Promise<string[]>;
};

const CONTENT_TYPES = Object.fromEntries(
  Object.entries(FILE_EXTENSIONS).map(([type, ext]) => [ext, type]),
) as Record<string, SniffedType>;

/** Keys are random names chosen by the server; anything else (e.g. '../x') is refused before touching a disk. */
const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif|webp|pdf)$/;

export const isStorageKey = (key: string): boolean => KEY_PATTERN.test(key);

const FOLDER_PATTERN = /^[a-z][a-z0-9-]*$/;
/**
 * A file the server makes for itself lives under a folder: 'exports/book-export-….zip'. A name of
 * letters, digits, '.', '_' and '-', never starting with a dot, cannot climb out of its folder.
 */
const FOLDER_KEY_PATTERN = /^[a-z][a-z0-9-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A key under a folder, as the server makes them (never a document's key, never served by /api/files). */
export const isFolderKey = (key: string): boolean => FOLDER_KEY_PATTERN.test(key);

/** Any key a storage takes: a document's or a folder key. */
const isKnownKey = (key: string): boolean => isStorageKey(key) || isFolderKey(key);

const checkFolder = (folder: string) => {
  if (!FOLDER_PATTERN.test(folder)) throw new Error(`Invalid storage folder: ${folder}`);
};

/** Whether `key` is a folder key in `folder`. */
export const isKeyInFolder = (key: string, folder: string): boolean =>
  isFolderKey(key) && key.startsWith(`${folder}/`);

export const newStorageKey = (type: SniffedType): string => `${randomUUID()}.${FILE_EXTENSIONS[type]}`;

export const contentTypeOfKey = (key: string): SniffedType | null =>
  CONTENT_TYPES[key.split('.').pop() ?? ''] ?? null;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The file-system calls local storage makes; a test hands in a disk that fills up. */
export type StorageFs = Pick<typeof fs, 'mkdir' | 'writeFile' | 'rename' | 'rm' | 'readFile' | 'readdir'>;

/**
 * Files under `root`. A file is written under a temporary name and renamed into place only once
 * complete, so a full disk or a killed process never leaves a partial file under a document's key.
 */
export const createLocalStorage = (root: string, files: StorageFs = fs): FileStorage => {
  const pathOf = (key: string) => {
    if (!isKnownKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  /**
   * Writes the file under a temporary name beside its place by `write`, renamed into place once
   * complete; on any failure the temporary file is removed.
   */
  const writeWhole = async (key: string, write: (partial: string) => Promise<void>) => {
    const target = pathOf(key);
    const partial = `${target}.${randomUUID()}.part`;
    await files.mkdir(path.dirname(target), { recursive: true });
    try {
      await write(partial);
      await files.rename(partial, target);
    } catch (error) {
      await files.rm(partial, { force: true });
      if (isNoSpaceLeft(error))
        throw new AppError('STORAGE_FULL', 'No space left to store the file; nothing was saved');
      throw error;
    }
  };
  return {
    put: (key, data) => writeWhole(key, (partial) => files.writeFile(partial, data, { flag: 'wx' })),
    get: async (key) => {
      if (!isKnownKey(key)) return null;
      try {
        return await files.readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    delete: async (key) => {
      if (!isKnownKey(key)) return;
      await files.rm(pathOf(key), { force: true });
    },
    putStream: (key, source) =>
      writeWhole(key, async (partial) => {
        const sink = createWriteStream(partial, { flags: 'wx' });
        try {
          await pipeline(source, sink);
        } catch (error) {
          // A source that fails at once can beat the file's opening: removed before it exists, the
          // file would then appear and stay. Wait until the sink has closed its file.
          if (!sink.closed) await once(sink, 'close').catch(() => undefined);
          throw error;
        }
      }),
    getStream: async (key) => {
      if (!isKnownKey(key)) return null;
      const stream = createReadStream(pathOf(key));
      try {
        await once(stream, 'open');
        return stream;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    list: async (folder) => {
      checkFolder(folder);
      try {
        const names = await files.readdir(path.join(root, folder));
        return names.map((name) => `${folder}/${name}`).filter(isFolderKey);
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
    },
  };
};

import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isApkFileName } from '@lending/domain';

export type StoredApk = { name: string; size: number; modified: Date };

/** An upload written to a temporary file: kept under its final name by `commit`, or thrown away. */
export type ReceivedApk = {
  size: number;
  commit: (name: string) => Promise<void>;
  discard: () => Promise<void>;
};

/**
 * Where the field app's APKs live. Unlike documents (a few MB, buffered), an APK runs to hundreds
 * of MB, so it is streamed in and out and never held in memory.
 */
export type ApkStore = {
  /** Streams `source` through `stages` into a temporary file; a failing stage leaves nothing behind. */
  receive: (source: Readable, stages?: Transform[]) => Promise<ReceivedApk>;
  open: (name: string) => Promise<{ stream: Readable; size: number } | null>;
  list: () => Promise<StoredApk[]>;
  /** False when the name is not one the store holds. */
  remove: (name: string) => Promise<boolean>;
};

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

const INCOMING_PREFIX = '.incoming-';
/** No upload lasts a day; an older temporary file is what a process that died mid-upload left. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

const sweepAbandoned = async (root: string) => {
  const cutoff = Date.now() - ABANDONED_AFTER_MS;
  for (const name of await fs.readdir(root)) {
    if (!name.startsWith(INCOMING_PREFIX)) continue;
    const file = path.join(root, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < cutoff) await fs.rm(file, { force: true });
  }
};

/**
 * APKs in a local folder. Uploads land as '.incoming-<uuid>' (a name no listing or path ever
 * matches: isApkFileName refuses a leading dot) and are renamed once whole, so a refused or broken
 * upload never shows as a file and a download never reads half an APK.
 */
export const createLocalApkStore = (root: string): ApkStore => {
  const pathOf = (name: string) => {
    if (!isApkFileName(name)) throw new Error(`Invalid APK name: ${name}`);
    return path.join(root, name);
  };
  return {
    receive: async (source, stages = []) => {
      await fs.mkdir(root, { recursive: true });
      await sweepAbandoned(root);
      const temporary = path.join(root, `${INCOMING_PREFIX}${randomUUID()}`);
      const discard = () => fs.rm(temporary, { force: true });
      const sink = createWriteStream(temporary, { flags: 'wx' });
      try {
        await pipeline([source, ...stages, sink]);
      } catch (error) {
        // A source that fails at once can beat the file's opening: removed before it exists, the file
        // would then appear and stay. Wait until the sink has closed its file, then remove it.
        if (!sink.closed) await once(sink, 'close').catch(() => undefined);
        await discard();
        throw error;
      }
      const { size } = await fs.stat(temporary);
      return { size, discard, commit: async (name) => fs.rename(temporary, pathOf(name)) };
    },
    open: async (name) => {
      if (!isApkFileName(name)) return null;
      try {
        const { size } = await fs.stat(pathOf(name));
        return { stream: createReadStream(pathOf(name)), size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    list: async () => {
      let names: string[];
      try {
        names = await fs.readdir(root);
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const stored = await Promise.all(
        names.filter(isApkFileName).map(async (name) => {
          const stat = await fs.stat(pathOf(name)).catch(() => null);
          return stat?.isFile() ? { name, size: stat.size, modified: stat.mtime } : null;
        }),
      );
      return stored
        .filter((file): file is StoredApk => file !== null)
        .sort((a, b) => b.modified.getTime() - a.modified.getTime());
    },
    remove: async (name) => {
      if (!isApkFileName(name)) return false;
      try {
        await fs.unlink(pathOf(name));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
};

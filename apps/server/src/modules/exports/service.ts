import { randomUUID } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import {
  BOOK_EXPORT_FILES,
  BOOK_EXPORT_KEPT_DAYS,
  type BookExportFile,
  type BookExportFileName,
  bookExportCell,
  bookExportReadme,
} from '@lending/domain';
import { ZipFile } from 'yazl';
import type { Db, Executor } from '../../db/client';
import { csvFile } from '../../platform/csv-file';
import { type FileStorage, isKeyInFolder } from '../../platform/storage/file-storage';
import { coalesceChunks } from '../../platform/streams';
import { EXPORT_SOURCES, type ExportSource } from './repository';

/** The storage folder of book exports; a file in it older than BOOK_EXPORT_KEPT_DAYS is deleted. */
export const BOOK_EXPORT_FOLDER = 'exports';
const DEFAULT_BATCH_ROWS = 1000;
const DAY_MS = 86_400_000;

export type BookExportOptions = {
  db: Db;
  storage: FileStorage;
  /** The moment the export is taken: its names, its README and its files' dates. */
  now: Date;
  /** Rows read per query (1000); tests make it small to cross batch edges. */
  batchSize?: number;
  /**
   * Rows written so far out of all of them (the tables' counts), after each batch. Called, never
   * awaited (on PGlite a database write made here waits until the export's transaction ends); a
   * throw fails the export.
   */
  onProgress?: (done: number, total: number) => void;
  /** Aborting stops the export; it then rejects and leaves no file. */
  signal?: AbortSignal;
};

/** A finished book export: where it is stored, the name to download it under, and what it holds. */
export type BookExport = {
  storageKey: string;
  fileName: string;
  summary: string;
  rows: Record<BookExportFileName, number>;
};

/** '2026-11-29T1030Z': a moment to the minute (UTC), for the download's name. */
const minuteStamp = (at: Date) => {
  const iso = at.toISOString();
  return `${iso.slice(0, 13)}${iso.slice(14, 16)}Z`;
};
/** '2026-11-29T103012Z': a moment to the second (UTC), for the storage key, which expiry reads back. */
const secondStamp = (at: Date) => `${minuteStamp(at).slice(0, -1)}${at.toISOString().slice(17, 19)}Z`;
const KEY_STAMP = /^exports\/book-export-(\d{4}-\d{2}-\d{2})T(\d{2})(\d{2})(\d{2})Z-/;

/** The moment a book export's key (or a partial file beside it) was taken at; null for any other key. */
const takenAtOfKey = (key: string): Date | null => {
  const match = KEY_STAMP.exec(key);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`) : null;
};

/** Until when an export taken at `takenAt` is kept (BOOK_EXPORT_KEPT_DAYS later). */
export const bookExportExpiresAt = (takenAt: Date): Date =>
  new Date(takenAt.getTime() + BOOK_EXPORT_KEPT_DAYS * DAY_MS);

/** One file's cells, read batch by batch in the export's transaction; `written` hears each batch. */
async function* cellsOf(
  tx: Executor,
  file: BookExportFile,
  read: ExportSource,
  batchSize: number,
  written: (rows: number) => void,
  signal: AbortSignal | undefined,
): AsyncGenerator<string[]> {
  let afterId: number | undefined;
  for (;;) {
    signal?.throwIfAborted();
    const batch = await read.batch(tx, afterId, batchSize);
    for (const row of batch)
      yield file.columns.map((column) => bookExportCell(column.kind, row[column.header]));
    written(batch.length);
    const last = batch.at(-1);
    if (batch.length < batchSize || last === undefined) return;
    afterId = last.id;
  }
}

const countRows = async (tx: Executor) => {
  const counts = {} as Record<BookExportFileName, number>;
  for (const file of BOOK_EXPORT_FILES) counts[file.name] = await EXPORT_SOURCES[file.name].count(tx);
  return counts;
};

const abortReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error('The export was aborted');

/**
 * Writes the zip inside the export's transaction: README.txt, then each file's CSV, one at a time
 * (the zip asks for a file's stream only once the one before is written), so one batch of one table
 * is in memory at a time. Answers the rows written per file.
 */
const writeZip = async (
  tx: Executor,
  options: BookExportOptions & { storageKey: string; batchSize: number },
): Promise<Record<BookExportFileName, number>> => {
  const { storage, now, batchSize, onProgress, signal, storageKey } = options;
  const counted = await countRows(tx);
  const total = Object.values(counted).reduce((sum, count) => sum + count, 0);
  const written = Object.fromEntries(BOOK_EXPORT_FILES.map((file) => [file.name, 0])) as typeof counted;
  let done = 0;
  onProgress?.(done, total);

  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  let current: Readable | undefined;
  // The zip does not watch the streams it is given: a failing CSV (or an abort) must end the whole
  // output, which fails the storage's write and so removes the partial file.
  const fail = (error: Error) => {
    current?.destroy(error);
    output.destroy(error);
  };
  const onAbort = () => signal && fail(abortReason(signal));
  signal?.addEventListener('abort', onAbort, { once: true });
  zip.on('error', fail);

  zip.addBuffer(Buffer.from(bookExportReadme(now, counted)), 'README.txt', { mtime: now });
  for (const file of BOOK_EXPORT_FILES) {
    zip.addReadStreamLazy(file.name, { mtime: now }, (give) => {
      const cells = cellsOf(
        tx,
        file,
        EXPORT_SOURCES[file.name],
        batchSize,
        (rows) => {
          written[file.name] += rows;
          done += rows;
          onProgress?.(done, total);
        },
        signal,
      );
      current = csvFile(
        file.columns.map((column) => column.header),
        cells,
      );
      // The CSV comes a row at a time; the zip's deflate wants large chunks.
      give(
        null,
        pipeline(current, coalesceChunks(), (error) => error && fail(error)),
      );
    });
  }
  zip.end();
  try {
    await storage.putStream(storageKey, output, 'application/zip');
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  // In one snapshot the counts cannot move; were they to, the README's counts would be wrong.
  const moved = BOOK_EXPORT_FILES.filter((file) => written[file.name] !== counted[file.name]);
  if (moved.length > 0)
    throw new Error(`Rows changed during the export: ${moved.map((f) => f.name).join(', ')}`);
  return written;
};

const summaryOf = (rows: Record<BookExportFileName, number>): string => {
  const total = Object.values(rows).reduce((sum, count) => sum + count, 0);
  const parts = BOOK_EXPORT_FILES.map((file) => `${file.name.replace(/\.csv$/, '')} ${rows[file.name]}`);
  return `${total} rows in ${BOOK_EXPORT_FILES.length} files: ${parts.join(', ')}`;
};

/**
 * Writes the whole book (users, customers, agents, loans, EMIs, payments, bounces, ledger, cash
 * handovers, expenses, audit) as one zip of CSVs with a README.txt describing every column, streamed
 * from the database into the storage in bounded memory, under `exports/`, where it is kept
 * BOOK_EXPORT_KEPT_DAYS (`deleteExpiredBookExports`).
 */
export const writeBookExport = async (options: BookExportOptions): Promise<BookExport> => {
  const { db, storage, now, signal } = options;
  signal?.throwIfAborted();
  const storageKey = `${BOOK_EXPORT_FOLDER}/book-export-${secondStamp(now)}-${randomUUID()}.zip`;
  try {
    // Every table is read in one repeatable-read, read-only transaction, so all files show the book
    // at one instant: a payment recorded meanwhile is in none of them, never in payments.csv without
    // its ledger rows. Both engines run it; on PostgreSQL it holds one pooled connection and delays
    // vacuum for its length, and on PGlite (one connection) other queries wait until it ends.
    const rows = await db.transaction(
      (tx) => writeZip(tx, { ...options, storageKey, batchSize: options.batchSize ?? DEFAULT_BATCH_ROWS }),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // An abort that came as the file was completed still leaves nothing behind.
    signal?.throwIfAborted();
    return { storageKey, fileName: `book-export-${minuteStamp(now)}.zip`, summary: summaryOf(rows), rows };
  } catch (error) {
    // The export's own failure is what the caller needs; a file a failed delete leaves behind is
    // swept with the expired ones.
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
};

/**
 * Deletes the book exports (and any partial file a killed export left) taken before `before`;
 * answers how many files went. Housekeeping calls it with `now` minus BOOK_EXPORT_KEPT_DAYS.
 */
export const deleteExpiredBookExports = async ({
  storage,
  before,
}: {
  storage: FileStorage;
  before: Date;
}): Promise<number> => {
  const expired = (await storage.list(BOOK_EXPORT_FOLDER)).filter((key) => {
    const takenAt = isKeyInFolder(key, BOOK_EXPORT_FOLDER) ? takenAtOfKey(key) : null;
    return takenAt !== null && takenAt < before;
  });
  for (const key of expired) await storage.delete(key);
  return expired.length;
};

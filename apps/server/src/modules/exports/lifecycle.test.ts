import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { s3Bucket } from '../../../test/support/s3';
import { EXPORT_ENTRY_NAMES, storedZip, tableCounts, wholeBookApp } from '../../../test/support/whole-book';
import { expenses } from '../../db/schema';
import { createS3Storage } from '../../platform/storage/s3-storage';
import { BOOK_EXPORT_FOLDER, bookExportExpiresAt, deleteExpiredBookExports, writeBookExport } from './index';

const { t, cast } = await wholeBookApp();
const bucket = s3Bucket();
const now = new Date('2026-11-29T10:30:12.345Z');
const exportsFolder = () => path.join(t.dataDir, 'uploads', BOOK_EXPORT_FOLDER);
const storedExports = async () => (await t.deps.storage.list(BOOK_EXPORT_FOLDER)).sort();
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

describe('writing the book export', () => {
  it('reports progress batch by batch up to the total, the sum of the tables’ counts', async () => {
    const reports: [number, number][] = [];
    const result = await writeBookExport({
      db: t.db,
      storage: t.deps.storage,
      now,
      batchSize: 4,
      onProgress: (done, total) => reports.push([done, total]),
    });
    const total = sum(await tableCounts(t.db));
    expect(reports[0]).toEqual([0, total]);
    expect(reports.at(-1)).toEqual([total, total]);
    expect(reports.every(([, reported]) => reported === total)).toBe(true);
    const dones = reports.map(([done]) => done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    // More reports than files: the ledger alone is read in several batches.
    expect(reports.length).toBeGreaterThan(EXPORT_ENTRY_NAMES.length + 5);
    await t.deps.storage.delete(result.storageKey);
  });

  it('shows the book at one instant: a record written while it runs is in no file', async () => {
    const before = await tableCounts(t.db);
    let insert: Promise<unknown> | undefined;
    const result = await writeBookExport({
      db: t.db,
      storage: t.deps.storage,
      now,
      batchSize: 3,
      onProgress: (done) => {
        // Written by another connection (PostgreSQL) or queued behind the export (PGlite).
        if (done > 0 && !insert)
          insert = t.db
            .insert(expenses)
            .values({ expenseName: 'Tea', reason: 'Visit', amountPaid: 2000, userId: cast.agentA.user.id });
      },
    });
    await insert;
    expect(result.rows).toEqual(before);
    expect((await tableCounts(t.db))['expenses.csv']).toBe(before['expenses.csv'] + 1);
    const { entries } = await storedZip(t.deps.storage, result);
    expect(entries.get('expenses.csv')?.toString()).not.toContain('Tea');
    await t.deps.storage.delete(result.storageKey);
  });

  it('stops when aborted and leaves no file, partial or whole', async () => {
    const controller = new AbortController();
    const reports: number[] = [];
    let partial: string[] = [];
    const running = writeBookExport({
      db: t.db,
      storage: t.deps.storage,
      now,
      batchSize: 3,
      signal: controller.signal,
      onProgress: (done) => {
        reports.push(done);
        if (done < 20 || controller.signal.aborted) return;
        partial = fs.readdirSync(exportsFolder());
        controller.abort(new Error('Stopped by the superadmin'));
      },
    });
    await expect(running).rejects.toThrow('Stopped by the superadmin');
    const total = sum(await tableCounts(t.db));
    expect(Math.max(...reports)).toBeLessThan(total);
    // Stopped half-way through writing the file, which is then removed.
    expect(partial).toEqual([
      expect.stringMatching(/^book-export-2026-11-29T103012Z-.+\.zip\.[0-9a-f-]{36}\.part$/),
    ]);
    expect(await storedExports()).toEqual([]);
    expect(fs.readdirSync(exportsFolder())).toEqual([]);
    // The database is free again: the export's transaction ended with it.
    expect(await t.db.$count(expenses)).toBeGreaterThan(0);
  });

  it('refuses to start when already aborted', async () => {
    const signal = AbortSignal.abort(new Error('Never mind'));
    await expect(writeBookExport({ db: t.db, storage: t.deps.storage, now, signal })).rejects.toThrow(
      'Never mind',
    );
    expect(await storedExports()).toEqual([]);
  });

  it('streams into an S3 bucket the same files as into the local folder', async () => {
    const s3 = createS3Storage(bucket.options);
    const remote = await writeBookExport({ db: t.db, storage: s3, now, batchSize: 5 });
    const local = await writeBookExport({ db: t.db, storage: t.deps.storage, now, batchSize: 5 });
    expect(await s3.list(BOOK_EXPORT_FOLDER)).toEqual([remote.storageKey]);
    const fromS3 = (await storedZip(s3, remote)).entries;
    expect([...fromS3.keys()]).toEqual(EXPORT_ENTRY_NAMES);
    expect(fromS3).toEqual((await storedZip(t.deps.storage, local)).entries);
    await s3.delete(remote.storageKey);
    await t.deps.storage.delete(local.storageKey);
  });
});

describe('expiry', () => {
  it('keeps an export seven days', () => {
    expect(bookExportExpiresAt(now).toISOString()).toBe('2026-12-06T10:30:12.345Z');
  });

  it('deletes the exports, and partial files, taken before the cut-off and nothing else', async () => {
    const storage = t.deps.storage;
    const old = await writeBookExport({ db: t.db, storage, now: new Date('2026-11-20T09:00:00Z') });
    const recent = await writeBookExport({ db: t.db, storage, now });
    // What a process killed mid-export leaves, and a file that is not an export.
    const leftover = `${BOOK_EXPORT_FOLDER}/book-export-2026-11-21T100000Z-0d5c2a40-3f1e-4a7b-9c55-6b8f1e2d3c4b.zip.part`;
    await storage.putStream(leftover, Readable.from(['half a zip']), 'application/zip');
    const other = `${BOOK_EXPORT_FOLDER}/notes.txt`;
    await storage.putStream(other, Readable.from(['kept']), 'text/plain');

    const deleted = await deleteExpiredBookExports({ storage, before: new Date('2026-11-22T10:30:12.345Z') });
    expect(deleted).toBe(2);
    expect(await storedExports()).toEqual([recent.storageKey, other].sort());
    expect(await storage.get(old.storageKey)).toBeNull();
    await storage.delete(recent.storageKey);
    await storage.delete(other);
  });
});

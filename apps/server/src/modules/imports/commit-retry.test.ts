import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { and, eq, like, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/support/factories';
import { checkImport, getImport, importReaches, postImport, uploaded } from '../../../test/support/imports';
import { jobReaches, QUICK_QUEUE, skipRetryWait } from '../../../test/support/jobs';
import { createTestApp } from '../../../test/support/test-app';
import { auditLogs, imports, users } from '../../db/schema';
import { createLocalStorage, type FileStorage } from '../../platform/storage/file-storage';
import { startJobQueue } from '../jobs';
import { importCheckRunner, importCommitRunner } from './index';

/** The local storage, except that one read of a file can be cut off after some bytes. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-retry-'));
const local = createLocalStorage(dir);
let cut: { key: string; afterBytes: number } | null = null;
const storage: FileStorage = {
  ...local,
  getStream: async (key) => {
    const stream = await local.getStream(key);
    if (stream === null || cut?.key !== key) return stream;
    const { afterBytes } = cut;
    cut = null;
    let passed = 0;
    const cutOff = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        const room = afterBytes - passed;
        passed += chunk.length;
        if (room >= chunk.length) return done(null, chunk);
        this.push(chunk.subarray(0, Math.max(0, room)));
        done(new Error('The connection to the file storage was lost'));
      },
    });
    stream.on('error', (error) => cutOff.destroy(error));
    return stream.pipe(cutOff);
  },
};

const t = await createTestApp({ storage });
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
const admin = (await createSignedInUser(t, { role: 'admin' })).headers;
// A retry waits an hour, unless the test lets it go: the state in between can be looked at.
const options = { batchRows: 50, retryLimit: 1, retryDelaySeconds: 3600 };
const queue = await startJobQueue({
  database: t.database,
  deps: t.deps,
  log: pino({ level: 'silent' }),
  runners: [importCheckRunner(options), importCommitRunner(options)],
  ...QUICK_QUEUE,
});
afterAll(() => queue.stop());

const ROWS = 6000;
const csv = [
  'Name,Mobile,Email,Customer reference',
  ...Array.from({ length: ROWS }, (_, index) => {
    const row = index + 2;
    return `Customer ${row},${8_000_000_000 + row},cut${row}@example.com,CUT-${row}`;
  }),
].join('\n');

const importedUsers = async () =>
  (await t.db.select({ id: users.id }).from(users).where(like(users.email, 'cut%@example.com'))).length;

// The job's attempt is cut off, then retried through the queue: most of the test is waiting for the
// queue's fetch and retry, which on a busy machine can pass the 30 s default. Behaviour, not speed.
describe('a commit cut off half-way', { timeout: 120_000 }, () => {
  it('leaves no row of it, and its retry writes every row once', async () => {
    const data = await uploaded(t, admin, 'customers.csv', csv);
    expect(await checkImport(t, admin, data.id)).toMatchObject({ status: 'checked', errorCount: 0 });
    const [row] = await t.db.select().from(imports).where(eq(imports.id, data.id));
    const key = row?.storageKey ?? '';
    // Half the file: some sixty batches are written before the read fails.
    cut = { key, afterBytes: Math.floor(csv.length / 2) };
    expect((await postImport(t, admin, data.id, 'commit')).statusCode).toBe(202);
    const waiting = await jobReaches(t.db, (await getImport(t, admin, data.id)).commitJobId ?? 0, (row) =>
      Boolean(row.status === 'queued' && row.error),
    );
    expect(waiting.error).toBe('The connection to the file storage was lost');
    // Nothing of the first attempt is left; the import waits for the retry.
    expect(await importedUsers()).toBe(0);
    expect((await getImport(t, admin, data.id)).status).toBe('committing');

    await skipRetryWait(t.db, waiting.bossJobId);
    const done = await importReaches(t, admin, data.id, ['committed']);
    expect(done.summary?.customers).toEqual({ rows: ROWS, valid: ROWS, written: ROWS, toMatch: 0 });
    expect(await importedUsers()).toBe(ROWS);
    const audits = await t.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, 'user_imported'),
          sql`${auditLogs.metadata}->>'import_id' = ${String(data.id)}`,
        ),
      );
    expect(audits).toHaveLength(ROWS);
  });
});

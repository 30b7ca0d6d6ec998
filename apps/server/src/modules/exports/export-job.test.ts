import type { TJob } from '@lending/domain';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/support/factories';
import { jobReaches, QUICK_QUEUE } from '../../../test/support/jobs';
import { usersTestApp } from '../../../test/support/users';
import { auditLogs } from '../../db/schema';
import { type JobQueue, startJobQueue } from '../jobs';
import { exportEverything, exportMessages } from './index';

const { t, superadmin } = await usersTestApp();
const startExport = (headers = superadmin) =>
  t.app.inject({ method: 'POST', url: '/api/jobs/export', headers });
const jobOf = async (id: number): Promise<TJob> =>
  (await t.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: superadmin })).json().data;

describe('POST /api/jobs/export', () => {
  it('asks for a session, then refuses everyone but the superadmin', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/jobs/export' })).statusCode).toBe(401);
    for (const role of ['admin', 'agent', 'user']) {
      const { headers } = await createSignedInUser(t, { role });
      const refused = await startExport(headers);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().message).toBe('Only the superadmin can export everything');
    }
  });

  describe('a started export, run by the queue', () => {
    let queue: JobQueue | null = null;
    let job: TJob;
    beforeAll(async () => {
      const first = await startExport();
      expect(first.statusCode).toBe(200);
      expect(first.json().message).toBe(exportMessages.started);
      job = first.json().data;
      // A second click while it waits answers the same job and starts nothing.
      const second = await startExport();
      expect(second.json()).toMatchObject({ message: exportMessages.alreadyRunning, data: { id: job.id } });
      queue = await startJobQueue({
        database: t.database,
        deps: t.deps,
        log: pino({ level: 'silent' }),
        runners: [exportEverything],
        ...QUICK_QUEUE,
      });
      await jobReaches(t.db, job.id, (row) => row.status === 'succeeded', 60_000);
    });
    afterAll(async () => queue?.stop());

    it('is started by the superadmin, audited once, and ends with its file and progress', async () => {
      const done = await jobOf(job.id);
      expect(done).toMatchObject({
        kind: 'export.everything',
        status: 'succeeded',
        attempts: 1,
        error: null,
      });
      expect(done.startedBy?.name).toBeTruthy();
      expect(done.progressTotal).toBeGreaterThan(0);
      expect(done.progressDone).toBe(done.progressTotal);
      expect(done.result?.download?.fileName).toMatch(/^book-export-\d{4}-\d{2}-\d{2}T\d{4}Z\.zip$/);
      const audits = await t.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'book_export_started'), eq(auditLogs.resourceId, String(job.id))));
      expect(audits).toHaveLength(1);
    });

    it('serves the zip through its signed link alone, and refuses a tampered or borrowed one', async () => {
      const url = (await jobOf(job.id)).result?.download?.url ?? '';
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/zip');
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="book-export-.*\.zip"$/);
      expect(file.headers['cache-control']).toBe('no-store');
      expect(file.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

      // Flip the signature's first character to one it is not, so the link always differs.
      const tamperedUrl = url.replace(
        /signature=(.)/,
        (_all, first: string) => `signature=${first === 'x' ? 'y' : 'x'}`,
      );
      expect(tamperedUrl).not.toBe(url);
      const tampered = await t.app.inject({ method: 'GET', url: tamperedUrl });
      expect(tampered.statusCode).toBe(403);
      expect(tampered.json().code).toBe('FILE_LINK_INVALID');
      // A job's signature opens that job's file only.
      const borrowed = await t.app.inject({
        method: 'GET',
        url: url.replace(`/jobs/${job.id}/`, `/jobs/${job.id + 1}/`),
      });
      expect(borrowed.statusCode).toBe(403);
      const typed = await t.app.inject({ method: 'GET', url: url.replace(/expires=\d+/, 'expires=abc') });
      expect(typed.statusCode).toBe(400);
      expect(typed.json().message).toBe('This file link has expired or is invalid');
      const late = url.replace(/expires=\d+/, 'expires=1');
      expect((await t.app.inject({ method: 'GET', url: late })).statusCode).toBe(403);
    });

    it('says the file is no longer kept once it is deleted', async () => {
      const exported = await jobOf(job.id);
      const key = (await t.deps.storage.list('exports'))[0] ?? '';
      await t.deps.storage.delete(key);
      const gone = await t.app.inject({ method: 'GET', url: exported.result?.download?.url ?? '' });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ code: 'FILE_NOT_FOUND', message: 'This file is no longer kept' });
    });
  });
});

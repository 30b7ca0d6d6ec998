import { JOB_PAGE_SIZE, type JobStatus, jobMessages, MAX_DB_ID, type TJob } from '@lending/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser } from '../../../test/support/factories';
import { type Headers, usersTestApp } from '../../../test/support/users';
import { type JobResultValue, jobs } from '../../db/schema';
import { enqueueJob } from './index';

const { t, superadmin } = await usersTestApp();

const get = (url: string, headers: Headers = superadmin) => t.app.inject({ method: 'GET', url, headers });

/** Jobs as the queue leaves them: enqueued (no queue runs here), then set to the status given. */
const seedJob = async (
  kind: 'export.everything' | 'housekeeping.sweep',
  status: JobStatus,
  extra: { startedBy?: number; result?: JobResultValue } = {},
) => {
  const row = await enqueueJob(t.db, {
    kind,
    key: `${kind}-${Math.random()}`,
    payload: {},
    startedBy: extra.startedBy ?? null,
  });
  await t.db
    .update(jobs)
    .set({ status, result: extra.result ?? null, finishedAt: status === 'succeeded' ? new Date() : null })
    .where(eq(jobs.id, row.id));
  return row.id;
};

// Oldest first: 3 exports (2 succeeded, 1 failed) and 2 sweeps (1 queued, 1 running).
let ids: number[] = [];
let starter: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  starter = await createUser(t.db, { role: 'superadmin', name: 'Asha Admin' });
  ids = [
    await seedJob('export.everything', 'succeeded', {
      startedBy: starter.id,
      result: {
        summary: '12 tables',
        file: { storageKey: 'e3b0c442-98fc-4c1c-9afb-f4c8996fb924.pdf', fileName: 'everything.pdf' },
      },
    }),
    await seedJob('housekeeping.sweep', 'queued'),
    await seedJob('export.everything', 'failed'),
    await seedJob('housekeeping.sweep', 'running'),
    await seedJob('export.everything', 'succeeded', { result: { summary: 'no file' } }),
  ];
});

describe('GET /api/jobs', () => {
  it('answers every job newest first, with the counts per status', async () => {
    const body = (await get('/api/jobs')).json();
    expect(body).toMatchObject({ total: 5, totalPages: 1, page: 1 });
    expect(body.counts).toEqual({ queued: 1, running: 1, succeeded: 2, failed: 1 });
    expect(body.jobs.map((job: TJob) => job.id)).toEqual([...ids].reverse());
    expect(body.jobs[4]).toMatchObject({ kind: 'export.everything', title: 'Export everything' });
  });

  it('pages in SQL and counts over the kind whatever the status filter', async () => {
    const second = (await get('/api/jobs?pageSize=2&page=2')).json();
    expect(second).toMatchObject({ total: 5, totalPages: 3, page: 2 });
    expect(second.jobs.map((job: TJob) => job.id)).toEqual([ids[2], ids[1]]);
    const exports = (await get('/api/jobs?kind=export.everything&status=succeeded')).json();
    expect(exports).toMatchObject({ total: 2, totalPages: 1 });
    expect(exports.jobs.map((job: TJob) => job.id)).toEqual([ids[4], ids[0]]);
    expect(exports.counts).toEqual({ queued: 0, running: 0, succeeded: 2, failed: 1 });
    expect((await get('/api/jobs?status=failed&page=2')).json()).toMatchObject({ jobs: [], total: 1 });
  });

  it('refuses a filter it does not know, and pages past its limit', async () => {
    const status = await get('/api/jobs?status=done');
    expect(status.statusCode).toBe(400);
    expect(status.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: jobMessages.status });
    expect((await get('/api/jobs?kind=backup')).json().message).toBe(jobMessages.kind);
    expect((await get(`/api/jobs?pageSize=${JOB_PAGE_SIZE * 100}`)).statusCode).toBe(400);
  });
});

describe('GET /api/jobs/:id', () => {
  it('answers one job, its file as a signed link that expires, and who started it', async () => {
    const response = await get(`/api/jobs/${ids[0]}`);
    expect(response.statusCode).toBe(200);
    const job: TJob = response.json().data;
    expect(job).toMatchObject({
      id: ids[0],
      status: 'succeeded',
      attempts: 0,
      maxAttempts: 3,
      error: null,
      startedBy: { id: starter.id, name: 'Asha Admin' },
      result: { summary: '12 tables', download: { fileName: 'everything.pdf' } },
    });
    const download = job.result?.download;
    const link = new URL(download?.url ?? '', 'http://localhost');
    // The job's own link: the key in the storage is never shown.
    expect(link.pathname).toBe(`/api/jobs/${ids[0]}/download`);
    expect(download?.url).not.toContain('e3b0c442');
    const expires = Number(link.searchParams.get('expires'));
    expect(new Date(download?.expiresAt ?? '').getTime()).toBe(expires * 1000);
    expect(
      t.deps.signer.verify(
        `job:${ids[0]}`,
        expires,
        link.searchParams.get('signature') ?? '',
        t.clock.now().getTime(),
      ),
    ).toBe(true);
    expect((await get(`/api/jobs/${ids[4]}`)).json().data.result).toEqual({
      summary: 'no file',
      download: null,
    });
    expect((await get(`/api/jobs/${ids[1]}`)).json().data).toMatchObject({ result: null, startedBy: null });
  });

  it('answers 404 for a job that does not exist, 400 for an id that cannot be one', async () => {
    const missing = await get(`/api/jobs/${MAX_DB_ID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: jobMessages.notFound });
    for (const id of ['0', String(MAX_DB_ID + 1)]) {
      const bad = await get(`/api/jobs/${id}`);
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json().message).toBe(jobMessages.id);
    }
  });
});

describe('who may see jobs', () => {
  it('asks for a session, then refuses everyone but the superadmin', async () => {
    for (const url of ['/api/jobs', `/api/jobs/${ids[0]}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      for (const role of ['admin', 'agent', 'user']) {
        const { headers } = await createSignedInUser(t, { role });
        const refused = await get(url, headers);
        expect(refused.statusCode, `${role} ${url}`).toBe(403);
        expect(refused.json().message).toBe('Only the superadmin can see background jobs');
      }
    }
  });
});

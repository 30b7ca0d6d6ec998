import { and, eq, like, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/support/factories';
import {
  checkImport,
  getImport,
  importReaches,
  PEOPLE,
  postImport,
  uploaded,
} from '../../../test/support/imports';
import { jobRow, QUICK_QUEUE } from '../../../test/support/jobs';
import { usersTestApp } from '../../../test/support/users';
import { auditLogs, imports, jobs } from '../../db/schema';
import { type JobQueue, startJobQueue } from '../jobs';
import { importCheckRunner, importCommitRunner } from './index';

/** Starting a check or a commit: the claim, the job's record and the audit row stand or fall together. */
const { t } = await usersTestApp();
const admin = (await createSignedInUser(t, { role: 'admin' })).headers;
let queue: JobQueue | undefined;
afterAll(() => queue?.stop());

const agentsCsv = `${PEOPLE.agents.map((row) => row.map((cell) => `"${cell}"`).join(',')).join('\n')}\n`;

const importRow = async (id: number) => {
  const [row] = await t.db.select().from(imports).where(eq(imports.id, id));
  if (!row) throw new Error(`no import ${id}`);
  return row;
};

const jobKeysOf = async (id: number) =>
  (
    await t.db
      .select({ key: jobs.key })
      .from(jobs)
      .where(like(jobs.key, `import:${id}:%`))
  ).map((row) => row.key);

const startAudits = (action: string, id: number) =>
  t.db
    .select()
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.action, action),
        eq(auditLogs.resourceType, 'import'),
        eq(auditLogs.resourceId, String(id)),
      ),
    );

// What a full disk or a lost connection would do to a statement, on the rows a test names.
await t.db.execute(
  sql.raw(`create function refuse_row() returns trigger language plpgsql as $$
    begin raise exception 'injected: % on %', tg_op, tg_table_name; end $$`),
);

/** Makes the database refuse `op` on the rows of `table` where `when` holds; answers how to stop. */
const refuse = async (name: string, op: 'insert' | 'update', table: string, when: string) => {
  await t.db.execute(
    sql.raw(`create trigger ${name} before ${op} on ${table} for each row when (${when})
      execute function refuse_row()`),
  );
  return async () => {
    await t.db.execute(sql.raw(`drop trigger ${name} on ${table}`));
  };
};

describe('starting a check or a commit', () => {
  it('records the job with the claim: a job never sent is run once a queue starts', async () => {
    const data = await uploaded(t, admin, 'agents.csv', agentsCsv);
    // No queue runs in this process yet: like a send lost to a crash right after the commit.
    const started = await postImport(t, admin, data.id, 'check');
    expect(started.statusCode).toBe(202);
    const claimed = await importRow(data.id);
    expect(claimed.status).toBe('checking');
    const job = await jobRow(t.db, claimed.checkJobId ?? 0);
    expect(job).toMatchObject({ kind: 'import.check', key: `import:${data.id}:check:1`, status: 'queued' });
    expect((await startAudits('import_check_started', data.id)).map((row) => row.metadata)).toEqual([
      { job_id: job.id },
    ]);
    // A second click still finds it claimed.
    expect((await postImport(t, admin, data.id, 'check')).json().code).toBe('IMPORT_LOCKED');

    const options = { batchRows: 7, retryDelaySeconds: 1, retryLimit: 1 };
    queue = await startJobQueue({
      database: t.database,
      deps: t.deps,
      log: pino({ level: 'silent' }),
      runners: [importCheckRunner(options), importCommitRunner(options)],
      ...QUICK_QUEUE,
    });
    const checked = await importReaches(t, admin, data.id, ['checked', 'failed']);
    expect(checked).toMatchObject({ status: 'checked', checkJobId: job.id, errorCount: 0 });
    expect(await jobRow(t.db, job.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await jobKeysOf(data.id)).toEqual([`import:${data.id}:check:1`]);
  });

  it('leaves the import unclaimed, with no job and no audit, when its check cannot be recorded', async () => {
    const data = await uploaded(t, admin, 'agents.csv', agentsCsv);
    const allowJobs = await refuse('no_check_job', 'insert', 'jobs', "new.kind = 'import.check'");
    // Nothing may undo a claim either, as when the process dies: the claim must never have been kept.
    const allowUndo = await refuse(
      'no_unclaim',
      'update',
      'imports',
      "old.status = 'checking' and new.status <> 'checking'",
    );
    try {
      const refused = await postImport(t, admin, data.id, 'check');
      expect(refused.statusCode).toBe(500);
    } finally {
      await allowJobs();
      await allowUndo();
    }
    expect(await importRow(data.id)).toMatchObject({ status: 'uploaded', checkJobId: null });
    expect(await jobKeysOf(data.id)).toEqual([]);
    expect(await startAudits('import_check_started', data.id)).toEqual([]);
    // Nothing holds it: the next click checks it.
    expect(await checkImport(t, admin, data.id)).toMatchObject({ status: 'checked', errorCount: 0 });
    expect(await jobKeysOf(data.id)).toEqual([`import:${data.id}:check:1`]);
  });

  it('leaves a checked import as it was when a new check or its commit cannot be written whole', async () => {
    const data = await uploaded(t, admin, 'agents.csv', agentsCsv);
    const checked = await checkImport(t, admin, data.id);
    expect(checked.status).toBe('checked');
    const allowChecks = await refuse('no_check_job', 'insert', 'jobs', "new.kind = 'import.check'");
    const allowAudits = await refuse(
      'no_commit_audit',
      'insert',
      'audit_logs',
      "new.action = 'import_commit_started'",
    );
    try {
      expect((await postImport(t, admin, data.id, 'check')).statusCode).toBe(500);
      // The last write of the start fails: its job, recorded just before, must not be kept (nor run).
      expect((await postImport(t, admin, data.id, 'commit')).statusCode).toBe(500);
    } finally {
      await allowChecks();
      await allowAudits();
    }
    expect(await importRow(data.id)).toMatchObject({
      status: 'checked',
      checkJobId: checked.checkJobId,
      commitJobId: null,
    });
    expect((await getImport(t, admin, data.id)).status).toBe('checked');
    expect(await jobKeysOf(data.id)).toEqual([`import:${data.id}:check:1`]);
    expect(await startAudits('import_commit_started', data.id)).toEqual([]);

    const started = await postImport(t, admin, data.id, 'commit');
    expect(started.statusCode).toBe(202);
    const commitJobId = (await importRow(data.id)).commitJobId;
    expect((await startAudits('import_commit_started', data.id)).map((row) => row.metadata)).toEqual([
      { job_id: commitJobId, file_name: 'agents.csv', summary: checked.summary },
    ]);
    expect(await importReaches(t, admin, data.id, ['committed', 'failed'])).toMatchObject({
      status: 'committed',
      commitJobId,
    });
    expect((await jobKeysOf(data.id)).sort()).toEqual([
      `import:${data.id}:check:1`,
      `import:${data.id}:commit:1`,
    ]);
  });
});

import type { JobKind, JobStatus } from '@lending/domain';
import { and, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type JobResultValue, type JobRow, jobs, users } from '../../db/schema';
import { latestFirstPage, type PageWindow, rowsOf } from '../../db/sql';

/** A job with the name of who started it, as the Jobs screen shows it. */
export type JobListRow = JobRow & { startedByName: string | null };

export type NewJob = {
  kind: JobKind;
  key: string;
  payload: unknown;
  startedBy: number | null;
  maxAttempts: number;
  bossJobId: string;
};

/** The row (kind, key) names: the one just inserted, or the one that held the key already. */
export const insertJobOnce = async (
  db: Executor,
  job: NewJob,
): Promise<{ row: JobRow; created: boolean }> => {
  const [inserted] = await db
    .insert(jobs)
    .values(job)
    .onConflictDoNothing({ target: [jobs.kind, jobs.key] })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, job.kind), eq(jobs.key, job.key)));
  if (!existing) throw new Error(`job ${job.kind} ${job.key} neither inserted nor found`);
  return { row: existing, created: false };
};

const UNFINISHED: JobStatus[] = ['queued', 'running'];

/**
 * Starts an attempt of the job the pg-boss job `bossJobId` carries: running, one more attempt,
 * started (the first attempt's time kept), its kind's attempts as the runner now says. Null when the row is finished or carried by another
 * pg-boss job: a stale delivery, which must do nothing.
 */
export const claimJob = async (
  db: Executor,
  id: number,
  bossJobId: string,
  maxAttempts: number,
): Promise<JobRow | null> => {
  const [row] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      maxAttempts,
      // A retry starts over: its progress too.
      progressDone: 0,
      progressTotal: null,
      startedAt: sql`coalesce(${jobs.startedAt}, now())`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.bossJobId, bossJobId), inArray(jobs.status, UNFINISHED)))
    .returning();
  return row ?? null;
};

/** The attempt's own writes: only while it is still the running attempt (a retry fences it out). */
const attemptIs = (id: number, attempt: number) =>
  and(eq(jobs.id, id), eq(jobs.attempts, attempt), eq(jobs.status, 'running'));

export const writeProgress = async (
  db: Executor,
  id: number,
  attempt: number,
  done: number,
  total: number | null,
): Promise<void> => {
  await db.update(jobs).set({ progressDone: done, progressTotal: total }).where(attemptIs(id, attempt));
};

/** The attempt succeeded; false when it had lost the job already. */
export const finishJob = async (
  db: Executor,
  id: number,
  attempt: number,
  result: JobResultValue,
  progress: { done: number; total: number | null },
): Promise<boolean> => {
  const rows = await db
    .update(jobs)
    .set({
      status: 'succeeded',
      result,
      error: null,
      progressDone: progress.done,
      progressTotal: progress.total,
      finishedAt: sql`now()`,
    })
    .where(attemptIs(id, attempt))
    .returning({ id: jobs.id });
  return rows.length > 0;
};

/** The attempt failed: back to queued for the retry pg-boss will deliver, or failed for good. */
export const recordFailedAttempt = async (
  db: Executor,
  id: number,
  attempt: number,
  error: string,
  final: boolean,
): Promise<boolean> => {
  const rows = await db
    .update(jobs)
    .set(final ? { status: 'failed', error, finishedAt: sql`now()` } : { status: 'queued', error })
    .where(attemptIs(id, attempt))
    .returning({ id: jobs.id });
  return rows.length > 0;
};

/** pg-boss gave the job up (its last lease ran out): failed, unless it had finished meanwhile. */
export const failUnfinishedJob = async (db: Executor, id: number, error: string): Promise<boolean> => {
  const rows = await db
    .update(jobs)
    .set({ status: 'failed', error, finishedAt: sql`now()` })
    .where(and(eq(jobs.id, id), inArray(jobs.status, UNFINISHED)))
    .returning({ id: jobs.id });
  return rows.length > 0;
};

/** Queued rows of the kinds given, at least `minAgeSeconds` old: those a lost send may have left behind. */
export const queuedJobs = (db: Executor, kinds: JobKind[], minAgeSeconds: number): Promise<JobRow[]> =>
  db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.status, 'queued'),
        inArray(jobs.kind, kinds),
        lte(jobs.createdAt, sql`now() - make_interval(secs => ${minAgeSeconds})`),
      ),
    );

/** Which of these pg-boss job ids pg-boss holds (waiting, running or finished but not yet archived). */
export const bossJobsPresent = async (db: Executor, ids: string[]): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`select id::text as id from pgboss.job where id in (${list})`);
  return new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
};

export type JobFilter = { kind?: JobKind; status?: JobStatus };

const ofKind = (filter: JobFilter): SQL | undefined => (filter.kind ? eq(jobs.kind, filter.kind) : undefined);

const withStarter = (db: Executor) =>
  db
    .select({ job: jobs, startedByName: users.name })
    .from(jobs)
    .leftJoin(users, eq(users.id, jobs.startedBy));

/** One page of jobs, newest first. */
export const listJobs = async (db: Executor, filter: JobFilter, page: PageWindow): Promise<JobListRow[]> => {
  const rows = await latestFirstPage(
    withStarter(db)
      .where(and(ofKind(filter), filter.status ? eq(jobs.status, filter.status) : undefined))
      .$dynamic(),
    jobs.createdAt,
    jobs.id,
    page,
  );
  return rows.map(({ job, startedByName }) => ({ ...job, startedByName }));
};

export const findJob = async (db: Executor, id: number): Promise<JobListRow | null> => {
  const [row] = await withStarter(db).where(eq(jobs.id, id));
  return row ? { ...row.job, startedByName: row.startedByName } : null;
};

/** The jobs per status over the kind filter (whatever the status filter), in one aggregate. */
export const jobCounts = async (db: Executor, filter: JobFilter): Promise<Record<JobStatus, number>> => {
  const byStatus = (status: JobStatus) =>
    sql<string>`(count(*) filter (where ${jobs.status} = ${status}))::text`;
  const [row] = await db
    .select({
      queued: byStatus('queued'),
      running: byStatus('running'),
      succeeded: byStatus('succeeded'),
      failed: byStatus('failed'),
    })
    .from(jobs)
    .where(ofKind(filter));
  return {
    queued: Number(row?.queued ?? 0),
    running: Number(row?.running ?? 0),
    succeeded: Number(row?.succeeded ?? 0),
    failed: Number(row?.failed ?? 0),
  };
};

/** The newest job of `kind` still queued or running (the status index answers it), if any. */
export const findUnfinishedJob = async (db: Executor, kind: JobKind): Promise<JobRow | null> => {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), inArray(jobs.status, ['queued', 'running'])))
    .orderBy(sql`${jobs.createdAt} desc, ${jobs.id} desc`)
    .limit(1);
  return row ?? null;
};

import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns';
import { userRef } from './users';

/** What a finished job made, as its runner answered it (docs/jobs.md). */
export type JobResultValue = { summary: string; file?: { storageKey: string; fileName: string } };

/**
 * Background jobs as the Jobs screen reads them: our lasting record of each one. pg-boss (schema
 * `pgboss`) only carries the deliveries and archives or deletes them after a while; this row stays.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** The idempotency key: enqueueing (kind, key) again answers this row and sends nothing. */
    key: text('key').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    status: text('status').notNull().default('queued'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    /** Attempts started so far; also the fence a late write of an abandoned attempt must match. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    error: text('error'),
    startedBy: userRef('started_by', 'set null'),
    /** The pg-boss job carrying it, chosen before sending, so a row whose send was lost is sent again. */
    bossJobId: uuid('boss_job_id').notNull(),
    result: jsonb('result').$type<JobResultValue>(),
    createdAt: createdAt(),
    startedAt: moment('started_at'),
    finishedAt: moment('finished_at'),
  },
  (t) => [
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'succeeded', 'failed')`),
    uniqueIndex('jobs_kind_key_idx').on(t.kind, t.key),
    // The Jobs screen pages newest first, optionally by status and by kind.
    index('jobs_created_at_idx').on(t.createdAt, t.id),
    index('jobs_status_created_at_idx').on(t.status, t.createdAt, t.id),
    index('jobs_kind_created_at_idx').on(t.kind, t.createdAt, t.id),
  ],
);

export type JobRow = typeof jobs.$inferSelect;

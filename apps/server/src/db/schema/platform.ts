import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, moment } from './columns';
import { userRef } from './users';

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigId(),
    userId: userRef('user_id', 'set null'),
    action: text('action').notNull(),
    resourceType: text('resource_type'),
    resourceId: text('resource_id'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    // The audit screen pages newest first (created_at, id), optionally by exact action or by actor:
    // each filter leads an index that already holds the order, so a page never sorts the table.
    index('audit_logs_created_at_idx').on(t.createdAt, t.id),
    index('audit_logs_action_created_at_idx').on(t.action, t.createdAt, t.id),
    index('audit_logs_user_id_created_at_idx').on(t.userId, t.createdAt, t.id),
  ],
);

/**
 * How many audit rows each action has, up to `audit_count_marks.through_id`: the audit screen's total
 * is these plus a count of the rows written since, so it never counts millions of rows per page.
 * Refreshed by housekeeping; the audit log is append-only, so a count once made stays true.
 */
export const auditActionCounts = pgTable('audit_action_counts', {
  action: text('action').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});

/** The highest audit row id `audit_action_counts` has counted (one row, id 1). */
export const auditCountMarks = pgTable('audit_count_marks', {
  id: integer('id').primaryKey(),
  throughId: bigint('through_id', { mode: 'number' }).notNull(),
});

/** Server-wide secrets generated on first start (e.g. the file-URL signing key), shared by all processes. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Idempotency keys of money-moving calls, per user; claimed in the transaction of the change, with
 * the first answer kept for replays.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: userRef('user_id', 'cascade').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

/**
 * The last run of each background job (housekeeping), shared by all processes, so the system status
 * can tell whether the jobs still run.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: moment('last_run_at').notNull(),
  /** `ok` or `failed`. */
  lastOutcome: text('last_outcome').notNull(),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(1),
});

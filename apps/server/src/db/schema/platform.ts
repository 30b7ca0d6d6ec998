import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt } from './columns';
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
    index('audit_logs_created_at_idx').on(t.createdAt),
    index('audit_logs_action_idx').on(t.action),
    index('audit_logs_user_id_idx').on(t.userId),
  ],
);

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

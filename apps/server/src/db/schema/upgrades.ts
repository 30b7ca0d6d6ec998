import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, moment } from './columns';
import { userRef } from './users';

/**
 * The software update lifecycle, one row per change (never updated): the latest row is the current
 * status, the rows together are the history of who changed what and when.
 */
export const updateStatuses = pgTable(
  'update_statuses',
  {
    id: bigId(),
    requiredVersion: text('required_version'),
    currentVersion: text('current_version'),
    status: text('status', { enum: ['required', 'permitted', 'in_progress', 'up_to_date'] }).notNull(),
    comments: text('comments'),
    userId: userRef('user_id', 'set null'),
    lastUpdatedAt: moment('last_updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('update_statuses_user_id_idx').on(t.userId),
    index('update_statuses_status_idx').on(t.status),
    index('update_statuses_required_version_idx').on(t.requiredVersion),
  ],
);

export type UpdateStatusRow = typeof updateStatuses.$inferSelect;

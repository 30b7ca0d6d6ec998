import { desc } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, moment } from './columns';
import { userRef } from './users';

/** One inbox entry per recipient: a send to N users writes N rows, each read only by its recipient. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigId(),
    userId: userRef('user_id', 'cascade').notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url'),
    /** Who sent it; kept as null when their account is deleted (the audit row still names them). */
    sentBy: userRef('sent_by', 'set null'),
    sentAt: moment('sent_at').notNull().defaultNow(),
  },
  // The inbox reads one recipient's rows, newest first.
  (t) => [index('notifications_user_sent_idx').on(t.userId, desc(t.sentAt), desc(t.id))],
);

export type NotificationRow = typeof notifications.$inferSelect;

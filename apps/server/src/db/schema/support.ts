import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { userRef } from './users';

/** Messages users and agents send to the back-office; admins move them through their statuses. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    /** The writer; null once their account is deleted, so the message stays for the admins. */
    userId: userRef('user_id', 'set null'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    category: text('category').notNull(),
    rating: integer('rating'),
    status: text('status').notNull().default('Pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('support_messages_status_check', sql`${t.status} in ('Pending', 'In-Progress', 'Resolved')`),
    check('support_messages_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    index('support_messages_created_idx').on(t.createdAt, t.id),
    index('support_messages_status_created_idx').on(t.status, t.createdAt),
    index('support_messages_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export type SupportMessageRow = typeof supportMessages.$inferSelect;

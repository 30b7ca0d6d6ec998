import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, moment } from './columns';
import { loans } from './loans';
import { userRef } from './users';

/**
 * The outbox: one row per message an event owes one recipient on one channel, written in the event's
 * own transaction and delivered afterwards by the deliverer (docs/messages.md). `(event_key, channel,
 * recipient)` is unique, so an event replayed (a retried request, a re-run close) never writes a second
 * message. `due_at` is when a queued message is next tried, or when a deliverer's hold on a sending one
 * lapses; null once it is settled.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    eventKey: text('event_key').notNull(),
    event: text('event').notNull(),
    channel: text('channel').notNull(),
    /** The mobile (SMS, WhatsApp) or e-mail address the message goes to, as it was when written. */
    recipient: text('recipient').notNull(),
    userId: userRef('user_id', 'cascade').notNull(),
    loanId: integer('loan_id').references(() => loans.id, { onDelete: 'cascade' }),
    language: text('language').notNull().default('en'),
    /** The event's facts the template's variables are filled from when the message is sent. */
    variables: jsonb('variables').$type<Record<string, string | number>>().notNull(),
    status: text('status').notNull().default('queued'),
    dueAt: moment('due_at'),
    attempts: integer('attempts').notNull().default(0),
    subject: text('subject'),
    body: text('body'),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: moment('sent_at'),
    deliveredAt: moment('delivered_at'),
    failedAt: moment('failed_at'),
  },
  (t) => [
    uniqueIndex('messages_event_recipient_key').on(t.eventKey, t.channel, t.recipient),
    // The deliverer's claim: a channel's due messages, oldest due first.
    // With the id, a night's reminders (all due at 08:00) are read in index order, never sorted whole.
    index('messages_due_idx').on(t.channel, t.dueAt, t.id).where(sql`${t.status} in ('queued', 'sending')`),
    index('messages_created_at_idx').on(t.createdAt),
    index('messages_loan_idx').on(t.loanId, t.id),
    index('messages_user_idx').on(t.userId, t.id),
    index('messages_provider_id_idx').on(t.providerMessageId).where(sql`${t.providerMessageId} is not null`),
    // System Status: a channel's last success and its failures in the last hour.
    index('messages_sent_idx').on(t.channel, t.sentAt).where(sql`${t.sentAt} is not null`),
    index('messages_failed_idx').on(t.channel, t.failedAt).where(sql`${t.failedAt} is not null`),
    check(
      'messages_status_check',
      sql`${t.status} in ('queued', 'sending', 'sent', 'delivered', 'failed', 'cancelled')`,
    ),
    check('messages_channel_check', sql`${t.channel} in ('sms', 'whatsapp', 'email')`),
    check('messages_language_check', sql`${t.language} in ('en', 'hi')`),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/** An admin's words for an event's message on a channel in a language; absent: the product's own. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    event: text('event').notNull(),
    channel: text('channel').notNull(),
    language: text('language').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** SMS: the DLT template id of these words; WhatsApp: the approved template's name. */
    providerTemplateId: text('provider_template_id'),
    updatedBy: userRef('updated_by', 'set null'),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.event, t.channel, t.language] })],
);
export type MessageTemplateRow = typeof messageTemplates.$inferSelect;

/**
 * A channel's pace across every process: the deliverer that claims messages moves `paced_until` on by
 * one interval per message, so N processes together keep to the configured rate.
 */
export const messageChannelPacing = pgTable('message_channel_pacing', {
  channel: text('channel').primaryKey(),
  pacedUntil: moment('paced_until').notNull().defaultNow(),
});

import type { TMessageChannel, TMessageLanguage } from '@lending/domain';
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { messages, users } from '../../db/schema';
import { rowsOf } from '../../db/sql';

export type PreferencesRow = {
  channels: TMessageChannel[];
  language: TMessageLanguage;
  optedOutAt: Date | null;
};

export const findPreferences = async (db: Executor, userId: number): Promise<PreferencesRow | null> => {
  const [row] = await db
    .select({
      channels: users.messageChannels,
      language: users.language,
      optedOutAt: users.messagesOptedOutAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row
    ? { ...row, channels: row.channels as TMessageChannel[], language: row.language as TMessageLanguage }
    : null;
};

export const updatePreferences = async (
  db: Executor,
  userId: number,
  values: { channels: TMessageChannel[]; language: TMessageLanguage; optedOutAt: Date | null },
): Promise<void> => {
  await db
    .update(users)
    .set({
      messageChannels: values.channels,
      language: values.language,
      messagesOptedOutAt: values.optedOutAt,
    })
    .where(eq(users.id, userId));
};

/**
 * Cancels what waits to be sent to a borrower (on every channel, or those no longer agreed to):
 * an opt-out holds at once, also for messages already written. Answers how many.
 */
export const cancelWaitingMessages = async (
  db: Executor,
  userId: number,
  reason: string,
  keepChannels: readonly TMessageChannel[] = [],
): Promise<number> => {
  const cancelled = await db
    .update(messages)
    .set({ status: 'cancelled', dueAt: null, lastError: reason })
    .where(
      and(
        eq(messages.userId, userId),
        inArray(messages.status, ['queued', 'sending']),
        keepChannels.length > 0 ? notInArray(messages.channel, [...keepChannels]) : undefined,
      ),
    )
    .returning({ id: messages.id });
  return cancelled.length;
};

/** The borrowers with this mobile who have not opted out yet (a reply names a number, not an account). */
export const findBorrowersByMobile = async (db: Executor, mobile: string): Promise<number[]> => {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobile, mobile), isNull(users.messagesOptedOutAt)));
  return rows.map((row) => row.id);
};

/** Records that they opted out. */
export const markOptedOut = async (db: Executor, userIds: readonly number[], at: Date): Promise<void> => {
  if (userIds.length === 0) return;
  await db
    .update(users)
    .set({ messagesOptedOutAt: at })
    .where(inArray(users.id, [...userIds]));
};

/** A provider's word on a message it took: delivered, or failed after all. Answers whether it matched one. */
export const recordProviderStatus = async (
  db: Executor,
  input: {
    channel: string;
    providerMessageId: string;
    status: 'delivered' | 'failed';
    reason: string | null;
    at: Date;
  },
): Promise<boolean> => {
  const result = await db.execute(sql`
    update messages
       set status = ${input.status},
           delivered_at = case when ${input.status} = 'delivered' then ${input.at} else delivered_at end,
           failed_at = case when ${input.status} = 'failed' then ${input.at} else failed_at end,
           last_error = case when ${input.status} = 'failed' then ${input.reason} else last_error end
     where channel = ${input.channel} and provider_message_id = ${input.providerMessageId}
       and status in ('sent', 'delivered')
    returning id`);
  return rowsOf(result).length > 0;
};

import type { TMessageChannel, TMessageEvent, TMessageLanguage } from '@lending/domain';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rowsOf } from '../../db/sql';
import type { MessageFacts } from './render';

/** A message a deliverer took, with what it needs to send it and whether it may still go. */
export type ClaimedMessage = {
  id: number;
  event: TMessageEvent;
  channel: TMessageChannel;
  recipient: string;
  language: TMessageLanguage;
  variables: MessageFacts;
  attempts: number;
  /** The borrower opted out, or no longer agrees to this channel, since it was written. */
  withdrawn: boolean;
};

/** Makes sure each channel has its pacing row. */
export const ensurePacingRows = async (db: Executor, channels: readonly string[]): Promise<void> => {
  for (const channel of channels)
    await db.execute(
      sql`insert into message_channel_pacing (channel) values (${channel}) on conflict do nothing`,
    );
};

/**
 * Takes up to `limit` due messages of a channel, within the channel's pace across processes: the
 * pacing row's lock lets one deliverer claim at a time, and its `paced_until` moves on by one
 * interval per message claimed, so the claims of every process together keep to `ratePerSecond`.
 * A claimed message is `sending` until `leaseUntil`; a deliverer killed while sending leaves it to be
 * taken again then. Answers the messages and the moment the first may be sent.
 */
export const claimDueMessages = (
  db: Db,
  input: { channel: TMessageChannel; now: Date; limit: number; ratePerSecond: number; leaseSeconds: number },
): Promise<{ messages: ClaimedMessage[]; startAt: Date }> =>
  db.transaction(async (tx) => {
    const [pace] = rowsOf<{ paced_until: Date | string }>(
      await tx.execute(
        sql`select paced_until from message_channel_pacing where channel = ${input.channel} for update`,
      ),
    );
    const pacedUntil = pace ? new Date(pace.paced_until) : input.now;
    // A pace more than a second ahead is a clock that moved back (a test's, a pinned business day): start now.
    const ahead = pacedUntil.getTime() - input.now.getTime();
    const startAt = ahead > 0 && ahead <= 1000 ? pacedUntil : input.now;
    // No more than a second's worth of sending claimed ahead.
    const room = Math.floor(((input.now.getTime() + 1000 - startAt.getTime()) / 1000) * input.ratePerSecond);
    const limit = Math.min(input.limit, room);
    if (limit <= 0) return { messages: [], startAt };
    const leaseUntil = new Date(input.now.getTime() + input.leaseSeconds * 1000);
    const claimed = rowsOf<ClaimedMessage>(
      await tx.execute(sql`
        with due as (
          select id from messages
           where channel = ${input.channel} and status in ('queued', 'sending') and due_at <= ${input.now}
           order by due_at, id
           limit ${limit}
             for update skip locked)
        update messages m
           set status = 'sending', due_at = ${leaseUntil}, attempts = m.attempts + 1
          from due, users u
         where m.id = due.id and u.id = m.user_id
        returning m.id, m.event, m.channel, m.recipient, m.language, m.variables, m.attempts,
                  (u.messages_opted_out_at is not null or not (m.channel = any(u.message_channels))) as withdrawn`),
    );
    if (claimed.length > 0) {
      const until = new Date(startAt.getTime() + (claimed.length * 1000) / input.ratePerSecond);
      await tx.execute(
        sql`update message_channel_pacing set paced_until = ${until} where channel = ${input.channel}`,
      );
    }
    return { messages: claimed.map((row) => ({ ...row, id: Number(row.id) })), startAt };
  });

/** A claimed message's end, fenced by its attempt: a deliverer whose hold lapsed changes nothing. */
type Fence = { id: number; attempts: number };
const held = (fence: Fence) => sql`id = ${fence.id} and status = 'sending' and attempts = ${fence.attempts}`;

/**
 * Whether a claimed message may still leave, asked just before it is handed to the provider: still
 * this deliverer's, and its borrower has not opted out or dropped the channel since (an opt-out
 * holds at once, also for a message already taken).
 */
export const mayStillSend = async (db: Executor, fence: Fence): Promise<boolean> => {
  const rows = rowsOf<{ ok: boolean }>(
    await db.execute(sql`
      select (u.messages_opted_out_at is null and m.channel = any(u.message_channels)) as ok
        from messages m join users u on u.id = m.user_id
       where m.id = ${fence.id} and m.status = 'sending' and m.attempts = ${fence.attempts}`),
  );
  return rows[0]?.ok === true;
};

/** The provider took it. */
export const markSent = async (
  db: Executor,
  fence: Fence,
  sent: {
    now: Date;
    provider: string;
    providerMessageId: string | null;
    subject: string | null;
    body: string;
  },
): Promise<void> => {
  await db.execute(sql`
    update messages set status = 'sent', due_at = null, sent_at = ${sent.now}, provider = ${sent.provider},
           provider_message_id = ${sent.providerMessageId}, subject = ${sent.subject}, body = ${sent.body}, last_error = null
     where ${held(fence)}`);
};

/** To be tried again at `dueAt`; `countAttempt` false when it never reached the provider (held for the window). */
export const markRetry = async (
  db: Executor,
  fence: Fence,
  retry: { dueAt: Date; reason: string | null; countAttempt: boolean },
): Promise<void> => {
  await db.execute(sql`
    update messages set status = 'queued', due_at = ${retry.dueAt},
           attempts = attempts - ${retry.countAttempt ? 0 : 1}, last_error = coalesce(${retry.reason}, last_error)
     where ${held(fence)}`);
};

/** Refused for good, or out of attempts. */
export const markFailed = async (
  db: Executor,
  fence: Fence,
  failed: { now: Date; reason: string; provider: string; subject: string | null; body: string | null },
): Promise<void> => {
  await db.execute(sql`
    update messages set status = 'failed', due_at = null, failed_at = ${failed.now}, last_error = ${failed.reason},
           provider = ${failed.provider}, subject = coalesce(${failed.subject}, subject), body = coalesce(${failed.body}, body)
     where ${held(fence)}`);
};

/** Not sent: the borrower withdrew their consent before it left. */
export const markCancelled = async (db: Executor, fence: Fence, reason: string): Promise<void> => {
  await db.execute(sql`
    update messages set status = 'cancelled', due_at = null, last_error = ${reason} where ${held(fence)}`);
};

/** Gives back messages claimed but not sent (a deliverer stopping): as they were before the claim. */
export const releaseClaims = async (db: Executor, fences: readonly Fence[], now: Date): Promise<void> => {
  for (const fence of fences)
    await db.execute(sql`
      update messages set status = 'queued', due_at = ${now}, attempts = attempts - 1 where ${held(fence)}`);
};

import { addDays, istDateOf, istStartOfDay } from '../time';
import { MESSAGE_EVENT_RULES, type TMessageEvent } from './events';

const HOUR_MS = 3_600_000;

/** Reminders and notices leave only from 08:00 to 19:00 Asia/Kolkata. */
export const MESSAGE_DAY_WINDOW = { opensHour: 8, closesHour: 19 } as const;

/** The first moment at or after `at` that lies inside the day window. */
export const nextInDayWindow = (at: Date): Date => {
  const day = istDateOf(at);
  const opens = new Date(istStartOfDay(day).getTime() + MESSAGE_DAY_WINDOW.opensHour * HOUR_MS);
  const closes = new Date(istStartOfDay(day).getTime() + MESSAGE_DAY_WINDOW.closesHour * HOUR_MS);
  if (at < opens) return opens;
  if (at < closes) return at;
  return new Date(istStartOfDay(addDays(day, 1)).getTime() + MESSAGE_DAY_WINDOW.opensHour * HOUR_MS);
};

/** When an event's message may first be sent, written at `at`: receipts at once, the rest in the window. */
export const earliestSendAt = (event: TMessageEvent, at: Date): Date =>
  MESSAGE_EVENT_RULES[event].timing === 'at_once' ? at : nextInDayWindow(at);

/** Whether a message of `event` may leave at `at`. */
export const maySendAt = (event: TMessageEvent, at: Date): boolean =>
  earliestSendAt(event, at).getTime() === at.getTime();

/** Attempts before a message is failed for good (an admin may still retry it). */
export const MESSAGE_MAX_ATTEMPTS = 6;

/**
 * How long to wait after failed attempt `attempt` (1-based): 30 s doubling to at most an hour, or the
 * provider's own Retry-After when it is longer.
 */
export const messageRetryDelayMs = (attempt: number, retryAfterMs?: number): number => {
  const backoff = Math.min(30_000 * 2 ** Math.max(0, attempt - 1), HOUR_MS);
  return Math.max(backoff, retryAfterMs ?? 0);
};

import {
  MESSAGE_CHANNELS,
  MESSAGE_MAX_ATTEMPTS,
  maySendAt,
  messageRetryDelayMs,
  nextInDayWindow,
  type TMessageChannel,
} from '@lending/domain';
import type { Logger } from 'pino';
import type { AppDeps } from '../../platform/deps';
import type { SendResult } from '../../platform/messaging';
import {
  type ClaimedMessage,
  claimDueMessages,
  ensurePacingRows,
  markCancelled,
  markFailed,
  markRetry,
  markSent,
  releaseClaims,
} from './delivery-repository';
import { messageValues, renderMessage } from './render';
import { effectiveTemplates } from './templates';
import { listTemplateRows } from './templates-repository';

/** The deliverer of one process: every channel's due messages sent at its pace, until stopped. */
export type Deliverer = {
  stop: () => Promise<void> /** One pass over every channel, for tests. */;
  pass: () => Promise<number>;
};

/** Messages a deliverer claims at once per channel. */
const CLAIM_BATCH = 50;
/** Messages of a channel in flight at once: a provider that hangs cannot stall the rest. */
const SENDING_AT_ONCE = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Sends one claimed message and records how it ended. */
type Templates = ReturnType<typeof effectiveTemplates>;

const deliverOne = async (deps: AppDeps, templates: Templates, message: ClaimedMessage, now: () => Date) => {
  const fence = { id: message.id, attempts: message.attempts };
  const { db } = deps;
  if (message.withdrawn)
    return markCancelled(db, fence, 'The borrower opted out of this channel before it was sent');
  // A reminder or notice that waited past 19:00 (a long queue) is held for the morning, attempt uncounted.
  if (!maySendAt(message.event, now()))
    return markRetry(db, fence, { dueAt: nextInDayWindow(now()), reason: null, countAttempt: false });
  const transport = deps.messaging.transports[message.channel];
  const template = templates(message.event, message.channel, message.language);
  const words = renderMessage(template, messageValues(deps, message.variables, now().getTime()));
  let result: SendResult;
  try {
    result = await transport.send({
      reference: `m-${message.id}`,
      channel: message.channel,
      to: message.recipient,
      language: message.language,
      subject: words.subject ?? undefined,
      text: words.text,
      templateId: template.providerTemplateId,
      parameters: words.parameters,
    });
  } catch (error) {
    result = { kind: 'retry', reason: error instanceof Error ? error.message : 'the transport failed' };
  }
  const at = now();
  if (result.kind === 'sent')
    return markSent(db, fence, {
      now: at,
      provider: transport.provider,
      providerMessageId: result.providerMessageId,
      subject: words.subject,
      body: words.text,
    });
  const failed = { now: at, provider: transport.provider, subject: words.subject, body: words.text };
  if (result.kind === 'rejected') return markFailed(db, fence, { ...failed, reason: result.reason });
  if (message.attempts >= MESSAGE_MAX_ATTEMPTS)
    return markFailed(db, fence, {
      ...failed,
      reason: `${result.reason} (gave up after ${message.attempts} attempts)`,
    });
  const retryAt = new Date(at.getTime() + messageRetryDelayMs(message.attempts, result.retryAfterMs));
  // A reminder's retry never lands outside the day window either.
  const dueAt = maySendAt(message.event, retryAt) ? retryAt : nextInDayWindow(retryAt);
  return markRetry(db, fence, { dueAt, reason: result.reason, countAttempt: true });
};

/**
 * Starts the deliverer loop: each channel claims its due messages at its pace (`claimDueMessages`),
 * sends them a few at a time, each no earlier than its slot, and records each outcome; when nothing
 * is due it looks again after `pauseMs`. Every process runs one; the claim's row lock and `skip
 * locked` keep them from taking the same message.
 */
export const startDeliverer = (deps: AppDeps, log: Logger, options: { pauseMs?: number } = {}): Deliverer => {
  const pauseMs = options.pauseMs ?? 1000;
  const now = () => deps.clock.now();
  let stopped = false;
  const waiting = new Set<{ id: number; attempts: number }>();

  const deliverChannel = async (channel: TMessageChannel): Promise<number> => {
    const { messages, startAt } = await claimDueMessages(deps.db, {
      channel,
      now: now(),
      limit: CLAIM_BATCH,
      ratePerSecond: deps.messaging.ratePerSecond,
      leaseSeconds: deps.messaging.leaseSeconds,
    });
    const fences = messages.map((message) => ({ id: message.id, attempts: message.attempts }));
    for (const fence of fences) waiting.add(fence);
    if (messages.length === 0) return 0;
    // An admin's edit applies from the next batch.
    const templates = effectiveTemplates(await listTemplateRows(deps.db));
    const interval = 1000 / deps.messaging.ratePerSecond;
    let next = 0;
    const worker = async () => {
      while (!stopped && next < messages.length) {
        const index = next++;
        const message = messages[index] as ClaimedMessage;
        await sleep(startAt.getTime() + index * interval - Date.now());
        waiting.delete(fences[index] as { id: number; attempts: number });
        try {
          await deliverOne(deps, templates, message, now);
        } catch (error) {
          // Left `sending`: its hold lapses and it is tried again, never lost.
          log.warn({ err: error, messageId: message.id }, 'message delivery failed; it will be tried again');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SENDING_AT_ONCE, messages.length) }, worker));
    return messages.length;
  };

  const pass = async (): Promise<number> => {
    const counts = await Promise.all(
      MESSAGE_CHANNELS.map((channel) =>
        deliverChannel(channel).catch((error: unknown) => {
          log.warn({ err: error, channel }, 'message delivery pass failed; trying again');
          return 0;
        }),
      ),
    );
    return counts.reduce((sum, count) => sum + count, 0);
  };

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = ensurePacingRows(deps.db, MESSAGE_CHANNELS);
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass()
        .catch(() => 0)
        .then((sent) => schedule(sent > 0 ? 0 : pauseMs));
    }, delay);
    timer.unref();
  };
  running = running
    .then(() => schedule(pauseMs))
    .catch((error: unknown) => log.error({ err: error }, 'the deliverer could not start'));
  return {
    pass,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      // Claimed messages whose turn had not come go back to the queue at once.
      await releaseClaims(deps.db, [...waiting], now()).catch(() => undefined);
    },
  };
};

import { MESSAGE_CHANNELS, type TMessageChannel } from '@lending/domain';
import type { Logger } from 'pino';
import type { AppDeps } from '../../platform/deps';
import { deliverOne } from './deliver-one';
import { claimDueMessages, ensurePacingRows, releaseClaims } from './delivery-repository';
import { effectiveTemplates } from './templates';
import { listTemplateRows } from './templates-repository';

/** The deliverer of one process: every channel's due messages sent at its pace, until stopped. */
export type Deliverer = {
  stop: () => Promise<void>;
  /** One claim per channel, its messages sent and recorded: for tests. */
  pass: () => Promise<number>;
};

/** Messages claimed at once per channel: a second's worth, at least 50. */
const claimBatch = (ratePerSecond: number) => Math.max(50, ratePerSecond);
/**
 * Sends of a channel in flight at once per process: a provider answering in a quarter of a second
 * keeps the pace; a provider that hangs cannot take more. Also the most a kill -9 can leave to be
 * sent again.
 */
export const sendsInFlight = (ratePerSecond: number) => Math.max(8, Math.ceil(ratePerSecond / 4));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

type Fence = { id: number; attempts: number };

/**
 * Starts the deliverer: one loop per channel claims its due messages at its pace
 * (`claimDueMessages`), hands each to the provider no earlier than its slot with a bounded number in
 * flight, records each outcome, and claims the next batch as soon as this one is handed over; when
 * nothing is due it looks again after `pauseMs`. Every process runs one; the claim's row lock and
 * `skip locked` keep them from taking the same message.
 */
export const startDeliverer = (
  deps: AppDeps,
  log: Logger,
  options: { pauseMs?: number /** false: no loops, only `pass` (tests). */; background?: boolean } = {},
): Deliverer => {
  const pauseMs = options.pauseMs ?? 1000;
  const now = () => deps.clock.now();
  const { ratePerSecond, leaseSeconds } = deps.messaging;
  let stopped = false;
  /** Claimed, not yet handed over: given back at a stop. */
  const waiting = new Set<Fence>();
  const inFlight = new Set<Promise<void>>();

  /** Claims a batch of the channel and hands each message over in its slot; answers how many. */
  const dispatchBatch = async (channel: TMessageChannel): Promise<number> => {
    const { messages, startAt } = await claimDueMessages(deps.db, {
      channel,
      now: now(),
      limit: claimBatch(ratePerSecond),
      ratePerSecond,
      leaseSeconds,
    });
    if (messages.length === 0) return 0;
    const fences = messages.map((message) => ({ id: message.id, attempts: message.attempts }));
    for (const fence of fences) waiting.add(fence);
    // An admin's edit applies from the next batch.
    const templates = effectiveTemplates(await listTemplateRows(deps.db));
    const interval = 1000 / ratePerSecond;
    // Slots are kept on this process's own clock: the business clock may be pinned.
    const startMs = Date.now() + Math.max(0, startAt.getTime() - now().getTime());
    for (const [index, message] of messages.entries()) {
      if (stopped) break;
      await sleep(startMs + index * interval - Date.now());
      while (inFlight.size >= sendsInFlight(ratePerSecond)) await Promise.race(inFlight);
      if (stopped) break;
      waiting.delete(fences[index] as Fence);
      const sending: Promise<void> = deliverOne(deps, templates, message, now)
        .catch((error: unknown) => {
          // Left `sending`: its hold lapses and it is tried again, never lost.
          log.warn({ err: error, messageId: message.id }, 'message delivery failed; it will be tried again');
        })
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    }
    return messages.length;
  };

  /** Wakes every loop's pause at a stop. */
  let wake = () => {};
  const woken = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const pause = (ms: number) =>
    Promise.race([woken, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
  const channelLoop = async (channel: TMessageChannel) => {
    while (!stopped) {
      const claimed = await dispatchBatch(channel).catch((error: unknown) => {
        log.warn({ err: error, channel }, 'message delivery pass failed; trying again');
        return 0;
      });
      if (claimed === 0 && !stopped) await pause(pauseMs);
    }
  };
  const ready = ensurePacingRows(deps.db, MESSAGE_CHANNELS).catch((error: unknown) =>
    log.error({ err: error }, 'the deliverer could not set up its pacing rows'),
  );
  const loops =
    options.background === false
      ? []
      : MESSAGE_CHANNELS.map((channel) => ready.then(() => channelLoop(channel)));

  return {
    pass: async () => {
      await ready;
      const counts = await Promise.all(MESSAGE_CHANNELS.map((channel) => dispatchBatch(channel)));
      await Promise.all(inFlight);
      return counts.reduce((sum, count) => sum + count, 0);
    },
    stop: async () => {
      stopped = true;
      wake();
      await Promise.all(loops);
      await Promise.all(inFlight);
      // Claimed messages whose turn had not come go back to the queue at once.
      await releaseClaims(deps.db, [...waiting], now()).catch(() => undefined);
      waiting.clear();
    },
  };
};

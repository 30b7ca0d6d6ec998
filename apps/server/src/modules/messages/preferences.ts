import {
  isOptOutReply,
  messageMessages,
  type TMessageChannel,
  type TMessagePreferences,
  type TMessagePreferencesRequest,
} from '@lending/domain';
import type { Logger } from 'pino';
import { type Actor, writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import type { ProviderEvent } from '../../platform/messaging';
import {
  cancelWaitingMessages,
  findBorrowersByMobile,
  findPreferences,
  markOptedOut,
  recordProviderStatus,
  updatePreferences,
} from './preferences-repository';

const OPTED_OUT = 'The borrower opted out of messages';

/** A borrower's channels, language and opt-out; an opt-out holds at once, for what waits too. */
export const createMessagePreferences = (deps: AppDeps) => ({
  async get(userId: number): Promise<TMessagePreferences> {
    const row = await findPreferences(deps.db, userId);
    if (!row) throw notFound('User not found');
    return { channels: row.channels, language: row.language, opted_out: row.optedOutAt !== null };
  },

  async set(userId: number, input: TMessagePreferencesRequest, actor: Actor) {
    return deps.db.transaction(async (tx) => {
      const before = await findPreferences(tx, userId);
      if (!before) throw notFound('User not found');
      const optedOutAt = input.opted_out ? (before.optedOutAt ?? deps.clock.now()) : null;
      await updatePreferences(tx, userId, { channels: input.channels, language: input.language, optedOutAt });
      const cancelled = input.opted_out
        ? await cancelWaitingMessages(tx, userId, OPTED_OUT)
        : await cancelWaitingMessages(
            tx,
            userId,
            'The borrower no longer agrees to this channel',
            input.channels,
          );
      await writeAudit(tx, actor, {
        action: 'message_preferences_changed',
        resourceType: 'user',
        resourceId: userId,
        metadata: {
          before: {
            channels: before.channels,
            language: before.language,
            opted_out: before.optedOutAt !== null,
          },
          after: input,
          cancelled,
        },
      });
      return {
        message: messageMessages.preferencesSaved,
        preferences: { channels: input.channels, language: input.language, opted_out: input.opted_out },
      };
    });
  },
});

/**
 * What a provider's callback reports: delivery statuses recorded on the message the provider named;
 * a reply of STOP (or रोकें, ...) opts every borrower with that mobile out at once, audited.
 */
export const applyProviderEvents = async (
  deps: AppDeps,
  log: Logger | { warn: (...args: unknown[]) => void },
  channel: TMessageChannel,
  events: readonly ProviderEvent[],
): Promise<{ statuses: number; optedOut: number }> => {
  let statuses = 0;
  let optedOut = 0;
  for (const event of events) {
    if (event.kind === 'status') {
      const { status } = event;
      if (status === 'sent') continue;
      if (await recordProviderStatus(deps.db, { channel, ...event, status })) statuses++;
      continue;
    }
    if (!isOptOutReply(event.text)) continue;
    optedOut += await deps.db.transaction(async (tx) => {
      const borrowers = await findBorrowersByMobile(tx, event.from);
      await markOptedOut(tx, borrowers, event.at);
      for (const userId of borrowers) {
        const cancelled = await cancelWaitingMessages(tx, userId, OPTED_OUT);
        await writeAudit(
          tx,
          { userId: null, ip: null, userAgent: null },
          {
            action: 'messages_opted_out',
            resourceType: 'user',
            resourceId: userId,
            metadata: { via: `${channel} reply`, reply: event.text.slice(0, 40), cancelled },
          },
        );
      }
      return borrowers.length;
    });
  }
  if (events.length > 0 && statuses + optedOut === 0)
    log.warn({ channel, events: events.length }, 'provider callback matched nothing');
  return { statuses, optedOut };
};

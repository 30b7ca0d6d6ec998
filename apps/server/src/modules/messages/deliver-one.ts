import { MESSAGE_MAX_ATTEMPTS, maySendAt, messageRetryDelayMs, nextInDayWindow } from '@lending/domain';
import type { AppDeps } from '../../platform/deps';
import type { SendResult } from '../../platform/messaging';
import {
  type ClaimedMessage,
  markCancelled,
  markFailed,
  markRetry,
  markSent,
  mayStillSend,
} from './delivery-repository';
import { messageValues, renderMessage } from './render';
import type { effectiveTemplates } from './templates';

/** The templates of one batch: an admin's edit applies from the next. */
export type Templates = ReturnType<typeof effectiveTemplates>;

/** Sends one claimed message and records how it ended. */
export const deliverOne = async (
  deps: AppDeps,
  templates: Templates,
  message: ClaimedMessage,
  now: () => Date,
) => {
  const fence = { id: message.id, attempts: message.attempts };
  const { db } = deps;
  if (message.withdrawn || !(await mayStillSend(db, fence)))
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

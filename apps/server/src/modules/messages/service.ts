import {
  MESSAGE_CHANNELS,
  maskMobile,
  messageMessages,
  type TMessageChannelsResponse,
  type TMessageListQuery,
  type TMessageListResponse,
  type TMessageView,
} from '@lending/domain';
import { type Actor, writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict } from '../../platform/errors';
import {
  channelActivity,
  countMessagesByStatus,
  findMessageLine,
  listMessagePage,
  type MessageLine,
  requeueFailed,
} from './log-repository';

/** An e-mail address as the log shows it: the first letter and the domain. */
const maskEmailAddress = (email: string) => {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}•••@${domain}`;
};

/** A message as the log shows it: the recipient masked (the log is read by staff, not the borrower's own). */
export const toMessageView = (line: MessageLine): TMessageView => ({
  id: line.id,
  event: line.event as TMessageView['event'],
  channel: line.channel as TMessageView['channel'],
  language: line.language as TMessageView['language'],
  recipient: line.channel === 'email' ? maskEmailAddress(line.recipient) : maskMobile(line.recipient),
  status: line.status as TMessageView['status'],
  body: line.body,
  attempts: line.attempts,
  last_error: line.lastError,
  provider_message_id: line.providerMessageId,
  borrower_id: line.userId,
  borrower_name: line.borrowerName,
  loan_id: line.loanId,
  loan_code: line.loanCode,
  created_at: line.createdAt.toISOString(),
  due_at: line.dueAt?.toISOString() ?? null,
  sent_at: line.sentAt?.toISOString() ?? null,
  delivered_at: line.deliveredAt?.toISOString() ?? null,
});

/** The message log, retries, and the channels' state. */
export const createMessageLog = (deps: AppDeps) => ({
  /** One page of the filter, newest first; the first page also counts the whole filter per status. */
  async list(query: TMessageListQuery): Promise<TMessageListResponse> {
    const { before, limit, ...filter } = query;
    const lines = await listMessagePage(deps.db, filter, { before, limit: limit + 1 });
    const page = lines.slice(0, limit);
    return {
      messages: page.map(toMessageView),
      next_before: lines.length > limit ? (page.at(-1)?.id ?? null) : null,
      counts: before ? null : await countMessagesByStatus(deps.db, filter),
    };
  },

  /** A failed message queued again at once, its attempts counted afresh; audited. */
  async retry(id: number, actor: Actor): Promise<{ message: string; item: TMessageView }> {
    return deps.db.transaction(async (tx) => {
      const line = await findMessageLine(tx, id);
      if (!line) throw new AppError('MESSAGE_NOT_FOUND', 'Message not found');
      if (!(await requeueFailed(tx, id, deps.clock.now())))
        throw conflict(
          'MESSAGE_NOT_RETRYABLE',
          `The message is ${line.status}: only a failed message can be sent again.`,
        );
      await writeAudit(tx, actor, {
        action: 'message_retried',
        resourceType: 'message',
        resourceId: id,
        metadata: { event: line.event, channel: line.channel, last_error: line.lastError },
      });
      const queued = await findMessageLine(tx, id);
      return { message: messageMessages.retried, item: toMessageView(queued ?? line) };
    });
  },

  /** Each channel: its provider, whether it can send, its last success, failures in the last hour, messages waiting. */
  async channels(): Promise<TMessageChannelsResponse> {
    const activity = await channelActivity(deps.db, deps.clock.now());
    return {
      channels: MESSAGE_CHANNELS.map((channel) => {
        const transport = deps.messaging.transports[channel];
        const seen = activity.get(channel);
        return {
          channel,
          provider: transport.provider,
          configured: transport.configured,
          rate_per_second: deps.messaging.ratePerSecond,
          last_success_at: seen?.lastSuccessAt?.toISOString() ?? null,
          failures_last_hour: seen?.failuresLastHour ?? 0,
          queued: seen?.queued ?? 0,
        };
      }),
    };
  },
});

import type {
  TNotification,
  TNotificationsPage,
  TNotificationsQuery,
  TSendNotification,
} from '@lending/domain';
import type { NotificationRow } from '../../db/schema';
import type { AuthUser } from '../../platform/access';
import { type Actor, writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { queueNotificationMessages } from '../messages';
import { countInbox, insertNotifications, listInbox, lockExistingUsers } from './repository';

const toNotification = (row: NotificationRow): TNotification => ({
  id: row.id,
  subject: row.subject,
  description: row.description,
  image_url: row.imageUrl,
  sent_at: row.sentAt.toISOString(),
});

/** Sending notifications (admins) and reading one's own inbox (everyone signed in). */
export const createNotifications = (deps: AppDeps) => ({
  /**
   * POST /users/notifications/send: one inbox row per recipient, its messages on the channels each
   * recipient agreed to (held for the day window) and one audit row, in one transaction. Every
   * recipient must exist (admins may address every account), else nothing is sent.
   */
  async send(sender: AuthUser, input: TSendNotification, actor: Actor): Promise<number> {
    return deps.db.transaction(async (tx) => {
      const found = new Set(await lockExistingUsers(tx, input.user_ids));
      const missing = input.user_ids.filter((id) => !found.has(id));
      if (missing.length > 0)
        throw badRequest('RECIPIENT_NOT_FOUND', 'One or more selected users do not exist', [
          { param: 'user_ids', msg: `Unknown user ids: ${missing.slice(0, 20).join(', ')}` },
        ]);
      const now = deps.clock.now();
      const rows = await insertNotifications(
        tx,
        input.user_ids,
        {
          subject: input.subject,
          description: input.description,
          imageUrl: input.image_url,
          sentBy: sender.id,
        },
        now,
      );
      const messages = await queueNotificationMessages(tx, {
        notifications: rows,
        subject: input.subject,
        description: input.description,
        now,
      });
      await writeAudit(tx, actor, {
        action: 'notification_sent',
        resourceType: 'notification',
        metadata: {
          subject: input.subject,
          recipient_count: rows.length,
          user_ids: input.user_ids,
          messages_queued: messages,
        },
      });
      return rows.length;
    });
  },

  /** GET /users/notifications: the caller's own inbox, newest first; nobody reads another's. */
  async inbox(reader: AuthUser, query: TNotificationsQuery): Promise<TNotificationsPage> {
    const rows = await listInbox(deps.db, reader.id, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    const total = await countInbox(deps.db, reader.id);
    return {
      notifications: rows.map(toNotification),
      total,
      totalPages: Math.ceil(total / query.limit),
      page: query.page,
    };
  },
});

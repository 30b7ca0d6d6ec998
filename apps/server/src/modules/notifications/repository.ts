import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type NotificationRow, notifications, users } from '../../db/schema';

/**
 * The ids among `ids` that name an account, each row share-locked so that no one deletes the account
 * before the notification lands (which would otherwise be a foreign-key failure).
 */
export const lockExistingUsers = async (tx: Executor, ids: number[]): Promise<number[]> => {
  const rows = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids)).for('share');
  return rows.map((row) => row.id);
};

export type NewNotification = {
  subject: string;
  description: string;
  imageUrl: string | null;
  sentBy: number;
};

/** One inbox row per recipient, all stamped with the same moment; answers each row's id and recipient. */
export const insertNotifications = (
  tx: Executor,
  recipients: number[],
  notification: NewNotification,
  sentAt: Date,
): Promise<{ id: number; userId: number }[]> =>
  tx
    .insert(notifications)
    .values(recipients.map((userId) => ({ ...notification, userId, sentAt })))
    .returning({ id: notifications.id, userId: notifications.userId });

/** One recipient's inbox page, newest first. */
export const listInbox = (
  db: Executor,
  userId: number,
  page: { limit: number; offset: number },
): Promise<NotificationRow[]> =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.sentAt), desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);

export const countInbox = async (db: Executor, userId: number): Promise<number> => {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return Number(row?.total ?? 0);
};

import type { TUpdateHistoryQuery, UpdateStatus } from '@lending/domain';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { updateStatuses, users } from '../../db/schema';

/** An update status record with the name and e-mail of who made the change (null once they are deleted). */
export type UpdateStatusWithUser = {
  record: typeof updateStatuses.$inferSelect;
  userName: string | null;
  userEmail: string | null;
};

const withUser = (db: Executor) =>
  db
    .select({ record: updateStatuses, userName: users.name, userEmail: users.email })
    .from(updateStatuses)
    .leftJoin(users, eq(users.id, updateStatuses.userId))
    .$dynamic();

/** The newest record first: the latest change wins even when two share a moment. */
const newestFirst = [desc(updateStatuses.lastUpdatedAt), desc(updateStatuses.id)] as const;

/** The current status: the latest record, or null before the first. */
export const findLatestUpdateStatus = async (db: Executor): Promise<UpdateStatusWithUser | null> => {
  const [row] = await withUser(db)
    .orderBy(...newestFirst)
    .limit(1);
  return row ?? null;
};

/**
 * Serialises changes of the update status until the transaction ends, so two concurrent changes
 * cannot both be judged against the same current status.
 */
export const lockUpdateStatus = async (tx: Executor): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('update_statuses', 0))`);
};

export const insertUpdateStatus = async (
  db: Executor,
  values: {
    status: UpdateStatus;
    requiredVersion: string | null;
    currentVersion: string | null;
    comments: string | null;
    userId: number;
    at: Date;
  },
) => {
  const [row] = await db
    .insert(updateStatuses)
    .values({ ...values, lastUpdatedAt: values.at })
    .returning({ id: updateStatuses.id });
  if (!row) throw new Error('inserting an update status answered nothing');
  return row.id;
};

export type UpdateHistoryFilter = Omit<TUpdateHistoryQuery, 'page' | 'limit'>;

/** userId: who made the change; status: exact; version: the required or the current version, exact. */
const whereOf = (filter: UpdateHistoryFilter): SQL | undefined =>
  and(
    filter.userId === undefined ? undefined : eq(updateStatuses.userId, filter.userId),
    filter.status === undefined ? undefined : eq(updateStatuses.status, filter.status),
    filter.version === undefined
      ? undefined
      : sql`(${updateStatuses.requiredVersion} = ${filter.version} or ${updateStatuses.currentVersion} = ${filter.version})`,
  );

export const listUpdateHistory = (
  db: Executor,
  filter: UpdateHistoryFilter,
  page: { limit: number; offset: number },
): Promise<UpdateStatusWithUser[]> =>
  withUser(db)
    .where(whereOf(filter))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);

export const countUpdateHistory = async (db: Executor, filter: UpdateHistoryFilter): Promise<number> => {
  const [row] = await db.select({ total: count() }).from(updateStatuses).where(whereOf(filter));
  return Number(row?.total ?? 0);
};

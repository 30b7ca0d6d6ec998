import type { SupportStatus } from '@lending/domain';
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { roles, type SupportMessageRow, supportMessages, users } from '../../db/schema';
import { containsPattern, latestFirstPage, type PageWindow } from '../../db/sql';

/** Whose messages a caller reads: every one (admins) or their own. */
export type SupportScope = { all: true } | { userId: number };

export type SupportFilter = { scope: SupportScope; status?: SupportStatus; search?: string };

export type SupportRow = {
  message: SupportMessageRow;
  userId: number | null;
  userName: string | null;
  roleName: string | null;
};

/** Scope and search; the status filter apart, since the counts per status ignore it. */
const scopeAndSearch = (filter: SupportFilter): SQL | undefined => {
  const pattern = containsPattern(filter.search);
  return and(
    'userId' in filter.scope ? eq(supportMessages.userId, filter.scope.userId) : undefined,
    pattern
      ? or(
          ilike(supportMessages.subject, pattern),
          ilike(supportMessages.message, pattern),
          ilike(supportMessages.category, pattern),
          ilike(users.name, pattern),
        )
      : undefined,
  );
};

const whereOf = (filter: SupportFilter): SQL | undefined =>
  and(scopeAndSearch(filter), filter.status ? eq(supportMessages.status, filter.status) : undefined);

export const insertSupportMessage = async (
  tx: Executor,
  values: typeof supportMessages.$inferInsert,
): Promise<SupportMessageRow> => {
  const [row] = await tx.insert(supportMessages).values(values).returning();
  if (!row) throw new Error('support message insert returned no row');
  return row;
};

/** Messages with their writer's name and role (a deleted writer leaves nulls). */
const withWriter = (db: Executor) =>
  db
    .select({ message: supportMessages, userId: users.id, userName: users.name, roleName: roles.name })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.userId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .$dynamic();

/** One page of matching messages, newest first, with the writer's name and role. */
export const listSupportMessages = (
  db: Executor,
  filter: SupportFilter,
  page: PageWindow,
): Promise<SupportRow[]> =>
  latestFirstPage(withWriter(db).where(whereOf(filter)), supportMessages.createdAt, supportMessages.id, page);

/** The list's total and the messages per status over scope and search, in one aggregate. */
export const supportTotals = async (db: Executor, filter: SupportFilter) => {
  const byStatus = (status: SupportStatus) =>
    sql<string>`(count(*) filter (where ${supportMessages.status} = ${status}))::text`;
  const [row] = await db
    .select({
      total: filter.status ? byStatus(filter.status) : sql<string>`count(*)::text`,
      pending: byStatus('Pending'),
      inProgress: byStatus('In-Progress'),
      resolved: byStatus('Resolved'),
    })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.userId))
    .where(scopeAndSearch(filter));
  return {
    total: Number(row?.total ?? 0),
    counts: {
      Pending: Number(row?.pending ?? 0),
      'In-Progress': Number(row?.inProgress ?? 0),
      Resolved: Number(row?.resolved ?? 0),
    },
  };
};

/** One message, row-locked for a status change. */
export const lockSupportMessage = async (tx: Executor, id: number): Promise<SupportMessageRow | null> => {
  const [row] = await tx.select().from(supportMessages).where(eq(supportMessages.id, id)).for('update');
  return row ?? null;
};

export const updateSupportStatus = async (tx: Executor, id: number, status: SupportStatus, at: Date) => {
  await tx.update(supportMessages).set({ status, updatedAt: at }).where(eq(supportMessages.id, id));
};

export const findSupportRow = async (db: Executor, id: number): Promise<SupportRow | null> => {
  const [row] = await withWriter(db).where(eq(supportMessages.id, id));
  return row ?? null;
};

import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLogs, users } from '../../db/schema';
import { latestFirstPage, type PageWindow } from '../../db/sql';

export type AuditLogFilter = { action?: string; userId?: number };

export type AuditLogRow = typeof auditLogs.$inferSelect & {
  actorName: string | null;
  actorEmail: string | null;
};

const whereOf = (filter: AuditLogFilter) =>
  and(
    filter.action === undefined ? undefined : eq(auditLogs.action, filter.action),
    filter.userId === undefined ? undefined : eq(auditLogs.userId, filter.userId),
  );

/** One page of audit rows, newest first, with the acting user's name and e-mail when they still exist. */
export const listAuditLogs = async (
  db: Executor,
  filter: AuditLogFilter,
  page: PageWindow,
): Promise<AuditLogRow[]> => {
  const rows = await latestFirstPage(
    db
      .select({ log: auditLogs, actorName: users.name, actorEmail: users.email })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .where(whereOf(filter))
      .$dynamic(),
    auditLogs.createdAt,
    auditLogs.id,
    page,
  );
  return rows.map(({ log, actorName, actorEmail }) => ({ ...log, actorName, actorEmail }));
};

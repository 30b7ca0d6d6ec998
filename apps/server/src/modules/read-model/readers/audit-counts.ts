import { and, count, eq, gt, lt, max, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { auditActionCounts, auditCountMarks, auditLogs } from '../../../db/schema';

/**
 * The reader and the hourly fold of `audit-action-counts` (figures/audit-counts.ts): the audit
 * trail's total per action. The fold lives beside its reader because both must agree on the mark.
 */

/** The audit trail's filters the count answers (audit-logs' list filter). */
export type AuditCountFilter = { action?: string; userId?: number };

/**
 * Audit rows older than this are folded into the per-action counts. A row's id is taken when it is
 * inserted but it becomes visible only when its transaction commits; no transaction of the product
 * stays open for minutes, so by then every row with a lower id is visible and none is missed.
 */
export const AUDIT_COUNT_SETTLE_MS = 10 * 60_000;

const MARK_ID = 1;

const markedThrough = (db: Executor) =>
  db
    .select({ throughId: auditCountMarks.throughId })
    .from(auditCountMarks)
    .where(eq(auditCountMarks.id, MARK_ID))
    .then(([row]) => row?.throughId ?? 0);

/**
 * Adds the audit rows written since the last refresh and at least `settleMs` old (by the database's
 * clock, which stamps them) to the per-action counts, in the caller's transaction; answers how many
 * rows it counted. The audit log is append-only, so counts once made never need redoing.
 */
export const refreshAuditActionCounts = async (
  tx: Executor,
  settleMs = AUDIT_COUNT_SETTLE_MS,
): Promise<number> => {
  // The mark row is locked so two refreshes never count the same rows twice.
  await tx.execute(
    sql`insert into audit_count_marks (id, through_id) values (${MARK_ID}, 0) on conflict (id) do nothing`,
  );
  await tx.execute(sql`select 1 from audit_count_marks where id = ${MARK_ID} for update`);
  const from = await markedThrough(tx);
  const [upTo] = await tx
    .select({ id: max(auditLogs.id) })
    .from(auditLogs)
    .where(
      and(
        gt(auditLogs.id, from),
        lt(auditLogs.createdAt, sql`now() - make_interval(secs => ${settleMs / 1000})`),
      ),
    );
  const to = upTo?.id ?? null;
  if (to === null) return 0;
  const added = await tx
    .select({ action: auditLogs.action, total: count() })
    .from(auditLogs)
    .where(and(gt(auditLogs.id, from), sql`${auditLogs.id} <= ${to}`))
    .groupBy(auditLogs.action);
  if (added.length > 0)
    await tx
      .insert(auditActionCounts)
      .values(added)
      .onConflictDoUpdate({
        target: auditActionCounts.action,
        set: { total: sql`${auditActionCounts.total} + excluded.total` },
      });
  await tx.update(auditCountMarks).set({ throughId: to }).where(eq(auditCountMarks.id, MARK_ID));
  return added.reduce((sum, row) => sum + row.total, 0);
};

/**
 * How many audit rows match the filter. By action (or none): the folded counts plus a count of the
 * rows since, which is at most a housekeeping interval's worth. By actor: counted directly through the
 * actor's index (one actor's rows are few, and deleting a user sets their rows' actor to null, which
 * folded counts by actor would not follow).
 */
export const countAuditLogs = async (db: Executor, filter: AuditCountFilter): Promise<number> => {
  if (filter.userId !== undefined) {
    const [row] = await db
      .select({ total: count() })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.userId, filter.userId),
          filter.action === undefined ? undefined : eq(auditLogs.action, filter.action),
        ),
      );
    return Number(row?.total ?? 0);
  }
  // The mark and the counts up to it are read in one statement (one snapshot), so a refresh running
  // meanwhile can neither hide rows from both halves nor count them in both.
  const [folded] = await db
    .select({
      throughId: auditCountMarks.throughId,
      total: sql<string>`(select coalesce(sum(${auditActionCounts.total}), 0) from ${auditActionCounts}
        where ${filter.action === undefined ? sql`true` : eq(auditActionCounts.action, filter.action)})::text`,
    })
    .from(auditCountMarks)
    .where(eq(auditCountMarks.id, MARK_ID));
  // The mark is sent as a value: compared with a subquery's result, the planner would not know how
  // few rows lie above it and would scan the table.
  const [since] = await db
    .select({ total: count() })
    .from(auditLogs)
    .where(
      and(
        gt(auditLogs.id, folded?.throughId ?? 0),
        filter.action === undefined ? undefined : eq(auditLogs.action, filter.action),
      ),
    );
  return Number(folded?.total ?? 0) + Number(since?.total ?? 0);
};

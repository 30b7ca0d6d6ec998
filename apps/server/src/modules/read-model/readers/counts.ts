import type { CustomerScope } from '@lending/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { creditEventCounts as countsTable, roles, userRoleCounts } from '../../../db/schema';

/**
 * The readers of the counts kept by triggers (figures/counts.ts). Each answers what counting the rows
 * would, from a handful of kept rows; the caller decides when its filter allows that.
 */

/**
 * How many users hold the roles `where` names (a condition on `roles` alone, or none): the sum of
 * the per-role counts a trigger keeps (user_role_counts, migration 0042_list_counts).
 */
export const keptUserCount = async (db: Executor, where: SQL | undefined): Promise<number> => {
  const [counted] = await db
    .select({ total: sql<string>`coalesce(sum(${userRoleCounts.users}), 0)::text` })
    .from(userRoleCounts)
    .innerJoin(roles, eq(roles.id, userRoleCounts.roleId))
    .where(where);
  return Number(counted?.total ?? 0);
};

/** The Credit Report's total and its cards: events paid on time, paid late and bounced. */
export type CreditEventTotals = {
  total: number;
  counts: { paidOnTime: number; paidLate: number; bounced: number };
};

/** A row of the report's sums (total, onTime, late, bounced, as text) as its totals. */
export const creditEventTotalsOf = (
  row: { total: unknown; onTime: unknown; late: unknown; bounced: unknown } | undefined,
): CreditEventTotals => ({
  total: Number(row?.total ?? 0),
  counts: {
    paidOnTime: Number(row?.onTime ?? 0),
    paidLate: Number(row?.late ?? 0),
    bounced: Number(row?.bounced ?? 0),
  },
});

/**
 * The Credit Report's totals without a search: the per-customer counts a trigger keeps
 * (credit_event_counts), one row per customer and type instead of every event. The list's joins add
 * nothing there (every event names an existing customer and loan), so the figures are the same.
 */
export const keptCreditEventTotals = async (
  db: Executor,
  filter: { scope: CustomerScope; customerId?: number },
): Promise<CreditEventTotals> => {
  const kind = (type: string) =>
    sql<string>`coalesce(sum(${countsTable.events}) filter (where ${countsTable.eventType} = ${type}), 0)::text`;
  const scope = filter.scope;
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${countsTable.events}), 0)::text`,
      onTime: kind('EMI_PAID_ON_TIME'),
      late: kind('EMI_PAID_LATE'),
      bounced: kind('EMI_BOUNCED'),
    })
    .from(countsTable)
    .where(
      and(
        scope.kind === 'agent'
          ? sql`${countsTable.customerId} in (select c.id from users c where c.agent_id = ${scope.agentId})`
          : undefined,
        scope.kind === 'customer' ? eq(countsTable.customerId, scope.customerId) : undefined,
        filter.customerId === undefined ? undefined : eq(countsTable.customerId, filter.customerId),
      ),
    );
  return creditEventTotalsOf(row);
};

import { addDays, type CustomerScope, type IsoDate } from '@lending/domain';
import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { creditEventCounts as countsTable, loans, roles, userRoleCounts } from '../../../db/schema';
import { lentLoanSql, rowsOf } from '../../../db/sql';

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

/** The loans list's total, Σ loan amount (paise) and its cards' counts by status. */
export type LoanTotals = {
  total: number;
  totalAmount: number;
  accepted: number;
  pending: number;
  completed: number;
};

/**
 * The totals of every loan (or of one status) from the per-status counts a trigger keeps
 * (loan_status_totals, migration 0031): a handful of rows instead of every loan.
 */
export const keptLoanTotals = async (db: Executor, status: string | undefined): Promise<LoanTotals> => {
  const only = status ? sql`where t.status = ${status}` : sql``;
  const [row] = rowsOf<Record<string, string>>(
    await db.execute(sql`
      select coalesce(sum(t.loans), 0)::text as total, coalesce(sum(t.amount), 0)::text as amount,
        coalesce(sum(t.loans) filter (where t.status = 'accepted'), 0)::text as accepted,
        coalesce(sum(t.loans) filter (where t.status = 'pending_acceptance'), 0)::text as pending,
        coalesce(sum(t.loans) filter (where t.status = 'closed'), 0)::text as completed
      from loan_status_totals t ${only}`),
  );
  return {
    total: Number(row?.total ?? 0),
    totalAmount: Number(row?.amount ?? 0),
    accepted: Number(row?.accepted ?? 0),
    pending: Number(row?.pending ?? 0),
    completed: Number(row?.completed ?? 0),
  };
};

/** The loan amount of every lent loan (approved, closed or default), from the same per-status counts. */
export const keptLentPrincipal = async (db: Executor): Promise<number> =>
  Number(
    rowsOf<{ total: string }>(
      await db.execute(
        sql`select coalesce(sum(t.amount), 0)::text as total from loan_status_totals t where ${lentLoanSql(sql`t`)}`,
      ),
    )[0]?.total ?? 0,
  );

/**
 * Approved loans whose oldest open EMI (kept on the loan by a trigger) is `overdue_min`…`overdue_max`
 * days before today, as a condition on `loans` (the overdue lists' index); none when neither is set.
 */
export const overdueLoansWhere = (filter: {
  today: IsoDate;
  overdue_min?: number;
  overdue_max?: number;
}): SQL | undefined => {
  const { overdue_min: min, overdue_max: max } = filter;
  if (min === undefined && max === undefined) return undefined;
  return and(
    eq(loans.status, 'approved'),
    sql`${loans.oldestOpenEmiDate} is not null`,
    min === undefined ? undefined : lte(loans.oldestOpenEmiDate, addDays(filter.today, -min)),
    max === undefined ? undefined : gte(loans.oldestOpenEmiDate, addDays(filter.today, -max)),
  );
};

import type { CustomerScope } from '@lending/domain';
import { and, count, eq, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { customerScopeWhere, customers, withLoanAndCustomer } from '../../../db/customers';
import { emis, loans, users } from '../../../db/schema';
import { containsPattern, rowsOf } from '../../../db/sql';

/**
 * The agent dashboard's overdue list and its cards, read through the figures kept for them: the loans'
 * oldest open EMI date (`oldest-open-emi`), the EMI day totals (`emi-day-totals`), the overdue loans per
 * day (`overdue-loan-days`) and the agents' EMI states (`list-totals`). The caller settles the EMI day
 * totals first (`settleFigure(db, 'emi-day-totals')`).
 */

/**
 * Open EMIs in SQL: pending, or the current bounced one (its dues still with itself). The domain's
 * `isOpen` says the same of one EMI; the lists need it as a condition.
 */
const isOpenEmi = or(
  eq(emis.status, 'pending'),
  and(eq(emis.status, 'bounced'), eq(emis.duesWith, emis.emiNumber)),
) as SQL;

/** The overdue list's filters: its day, what the caller may see, one customer, a search. */
export type OverdueFilter = {
  today: string;
  scope: CustomerScope;
  customerId?: number;
  search?: string;
};

/**
 * Overdue EMIs (open, dated before today) of approved loans within the scope and filters. A loan is
 * overdue when its oldest open EMI (kept on the loan by a trigger) is dated before today, so the
 * loans are found through their own index and only their open EMIs are read.
 */
const overdueWhere = (filter: OverdueFilter) => {
  const pattern = containsPattern(filter.search);
  return and(
    eq(loans.status, 'approved'),
    lt(loans.oldestOpenEmiDate, filter.today),
    lt(emis.emiDate, filter.today),
    isOpenEmi,
    customerScopeWhere(filter.scope),
    // The same agent as kept on the loan, so an agent's overdue loans are one range of their index.
    filter.scope.kind === 'agent' ? eq(loans.agentId, filter.scope.agentId) : undefined,
    filter.customerId === undefined ? undefined : eq(loans.customerId, filter.customerId),
    pattern
      ? or(ilike(customers.name, pattern), ilike(customers.mobile, pattern), ilike(loans.loanCode, pattern))
      : undefined,
  );
};

/**
 * One page of overdue EMIs as the JSON text of the answer's `results` array, built by the database:
 * loans that are overdue longest first (then by loan number), each loan's EMIs together and oldest
 * first, so the client can group a page per loan. Each element has exactly `ZOverdueEmiRow`'s fields
 * in its order, money in rupees as exact decimals (paise ÷ 100, trailing zeros dropped, the text
 * `paiseToRupees` gives). The page is 1,000 rows by default: PostgreSQL writes the text faster than
 * Node maps, validates and serialises 1,000 row objects (decisions.md, "The agent dashboard's page
 * as JSON text").
 */
export const overduePageJson = async (
  db: Executor,
  filter: OverdueFilter,
  page: { limit: number; offset: number },
): Promise<string> => {
  const [row] = rowsOf<{ results: string }>(
    await db.execute(sql`
      select '[' || coalesce(
          string_agg(row_to_json(r)::text, ',' order by p.overdue_since, p.loan_number, r.emi_number), '')
        || ']' as results
      from (
        select ${loans.id} as loan_id, ${loans.loanCode} as loan_code, ${customers.id} as customer_id,
          ${customers.name} as customer_name, ${customers.mobile} as customer_mobile,
          ${emis.emiNumber} as emi_number, ${emis.emiDate} as emi_date, ${emis.status} as status,
          ${emis.amount} as amount, ${emis.lateCharge} as late_charge,
          ${loans.oldestOpenEmiDate} as overdue_since, ${loans.loanNumber} as loan_number
        from ${emis}
          join ${loans} on ${loans.id} = ${emis.loanId}
          join ${users} as ${customers} on ${customers.id} = ${loans.customerId}
        where ${overdueWhere(filter)}
        order by ${loans.oldestOpenEmiDate}, ${loans.loanNumber}, ${emis.emiNumber}
        limit ${page.limit} offset ${page.offset}
      ) p
      cross join lateral (
        select p.loan_id, p.loan_code, p.customer_id, p.customer_name, p.customer_mobile, p.emi_number,
          p.emi_date, p.status, trim_scale(p.amount / 100.0) as amount,
          trim_scale(p.late_charge / 100.0) as late_charge
      ) r`),
  );
  return row?.results ?? '[]';
};

/**
 * The dashboard's cards over every match (never a page): how many overdue EMIs, on how many loans,
 * and what they owe in paise (amount + late charge).
 */
export const overdueTotals = async (db: Executor, filter: OverdueFilter) => {
  const narrowed = filter.customerId !== undefined || filter.search !== undefined;
  if (filter.scope.kind === 'everyone' && !narrowed) return everyOverdueTotals(db, filter.today);
  if (filter.scope.kind === 'agent' && !narrowed)
    return agentOverdueTotals(db, filter.today, filter.scope.agentId);
  const [row] = await withLoanAndCustomer(
    db
      .select({
        total: count(),
        loans: sql<string>`count(distinct ${emis.loanId})::text`,
        due: sql<string>`coalesce(sum(${emis.amount} + ${emis.lateCharge}), 0)::text`,
      })
      .from(emis)
      .$dynamic(),
  ).where(overdueWhere(filter));
  return { count: Number(row?.total ?? 0), loans: Number(row?.loans ?? 0), due: Number(row?.due ?? 0) };
};

/**
 * The cards over every customer: the open EMIs of approved loans per EMI date that a trigger keeps
 * (emi_day_totals, docs/dashboard.md) summed over the days before today, and the approved loans per
 * date of their oldest open EMI (overdue_loan_days, migration 0042_list_counts) summed the same way. The
 * same figures as counting the EMIs and loans, from a few thousand kept rows instead of every loan.
 */
const everyOverdueTotals = async (db: Executor, today: string) => {
  const [row] = rowsOf<{ total: string; loans: string; due: string }>(
    await db.execute(sql`
      select coalesce(sum(t.open_count), 0)::text as total, coalesce(sum(t.open_amount), 0)::text as due,
        (select coalesce(sum(d.loans), 0) from overdue_loan_days d where d.oldest_open_emi_date < ${today}::date)::text
          as loans
      from emi_day_totals t where t.emi_date < ${today}::date`),
  );
  return { count: Number(row?.total ?? 0), loans: Number(row?.loans ?? 0), due: Number(row?.due ?? 0) };
};

/**
 * One agent's cards: their open rows of `emi_state_totals` (the approved loans' EMIs per date, agent,
 * status and openness, kept by triggers) before today, and their approved loans (the agent kept on
 * each loan) whose oldest open EMI is dated before today. The same figures as counting their overdue EMIs.
 */
const agentOverdueTotals = async (db: Executor, today: string, agentId: number) => {
  const [row] = rowsOf<{ total: string; loans: string; due: string }>(
    await db.execute(sql`
      select coalesce(sum(t.emis), 0)::text as total, coalesce(sum(t.amount + t.late_charge), 0)::text as due,
        (select count(*) from loans l
          where l.agent_id = ${agentId} and l.status = 'approved' and l.oldest_open_emi_date < ${today}::date)::text
          as loans
      from emi_state_totals t where t.agent_id = ${agentId} and t.open and t.emi_date < ${today}::date`),
  );
  return { count: Number(row?.total ?? 0), loans: Number(row?.loans ?? 0), due: Number(row?.due ?? 0) };
};

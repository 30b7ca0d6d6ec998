import type { TExpectedInterestLoanStatus } from '@lending/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern, interestShareSql, lentLoanSql, rowsOf } from '../../db/sql';
import { keptMonthLoanTotals, keptMonthTotals, type MonthLoanTotals } from '../read-model';

type Raw = Record<string, string | number | null>;

/**
 * Which EMIs and loans: a calendar month (its 1st and the next 1st), the loans' status, a search;
 * `loanIds`, when set, are the loans the search names (see `withSearchedLoans`).
 */
export type ExpectedInterestFilter = {
  monthStart: string;
  nextStart: string;
  status: TExpectedInterestLoanStatus;
  search?: string;
  loanIds?: readonly number[];
};

/** Up to this many loans named by a search are looked up by id; more are matched row by row. */
const FEW_SEARCHED_LOANS = 200;

/** The loans a search names: loan code, or customer name; each arm one table's ILIKE, which its trigram index serves. */
const namedLoans = (
  pattern: string,
  union = sql`union`,
) => sql`select l.id from loans l where l.loan_code ilike ${pattern}
  ${union}
  select l.id from users c join loans l on l.customer_id = c.id where c.name ilike ${pattern}`;

/**
 * The filter with the loans its search names (`namedLoans`) when they are few. A page then reads those loans' EMIs of
 * the month by loan instead of walking the month's million-odd EMIs in date order for a rare
 * match (1.1 s for a code that names no loan on the 100,000-loan book). Many matches stay a
 * condition: walking the month in order finds a page of them at once.
 */
export const withSearchedLoans = async (
  db: Executor,
  filter: ExpectedInterestFilter,
): Promise<ExpectedInterestFilter> => {
  const pattern = containsPattern(filter.search);
  if (pattern === undefined) return filter;
  const named = rowsOf<{ id: number }>(
    // UNION ALL stops at the limit; a loan named twice only makes the list look longer.
    await db.execute(
      sql`select id from (${namedLoans(pattern, sql`union all`)}) named limit ${FEW_SEARCHED_LOANS + 1}`,
    ),
  );
  return named.length > FEW_SEARCHED_LOANS
    ? filter
    : { ...filter, loanIds: named.map((row) => Number(row.id)) };
};

/**
 * The filter as a condition on the loan `l`. A search naming many loans is checked per row for a
 * page (`perRow`: walking the month in order meets a page of them at once) and as a set for the
 * totals, which must read every match anyway.
 */
const loanWhere = (filter: ExpectedInterestFilter, many: 'perRow' | 'asSet'): SQL => {
  const parts: SQL[] = [filter.status === 'lent' ? lentLoanSql(sql`l`) : sql`l.status = ${filter.status}`];
  const pattern = containsPattern(filter.search);
  if (filter.loanIds !== undefined) {
    parts.push(
      filter.loanIds.length === 0
        ? sql`false`
        : sql`l.id in (${sql.join(
            filter.loanIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  } else if (pattern !== undefined) {
    parts.push(
      many === 'asSet'
        ? sql`l.id in (${namedLoans(pattern)})`
        : sql`(l.loan_code ilike ${pattern} or exists (select 1 from users c where c.id = l.customer_id and c.name ilike ${pattern}))`,
    );
  }
  return sql.join(parts, sql` and `);
};

/** The month's EMIs the figure counts: every EMI dated in it, except foreclosed ones (settled by the foreclosure). */
const emiWhere = (filter: ExpectedInterestFilter, e: SQL) =>
  sql`${e}.emi_date >= ${filter.monthStart}::date and ${e}.emi_date < ${filter.nextStart}::date and ${e}.status <> 'foreclosed'`;

/**
 * One page of the month's EMIs by date, then state, loan and EMI number: the order of the due-list
 * index (`emis_due_list_idx`), so a page is a range of it rather than a sort of a whole day. Each
 * EMI's interest share is the growth of its loan's rounded interest over the month's EMIs up to it
 * (by EMI number): round(Cᵢ·I/T) − round(Cᵢ₋₁·I/T),
 * where Cᵢ is the scheduled money of the loan's EMIs in the month up to this one. A loan's shares then
 * add up exactly to round(Cₙ·I/T), the per-loan rounding the dashboard's figure sums.
 */
export const expectedInterestPage = async (
  db: Executor,
  filter: ExpectedInterestFilter,
  window: { limit: number; offset: number },
) => {
  const running = sql`(select sum(x.amount) from emis x
      where x.loan_id = p.loan_id and x.emi_number <= p.emi_number and ${emiWhere(filter, sql`x`)})`;
  return rowsOf<Raw>(
    await db.execute(sql`with p as (
      select e.id, e.loan_id, e.emi_number, e.emi_date, e.status, e.amount
      from emis e join loans l on l.id = e.loan_id
      where ${emiWhere(filter, sql`e`)} and ${loanWhere(filter, 'perRow')}
      order by e.emi_date, e.status, e.loan_id, e.emi_number limit ${window.limit} offset ${window.offset}
    ), r as (select p.*, ${running} as upto from p)
    select r.id as emi_id, r.loan_id, l.loan_code, c.name as customer_name, l.status as loan_status,
      r.emi_number, to_char(r.emi_date, 'YYYY-MM-DD') as emi_date, r.status as emi_status, r.amount::text as amount,
      (${interestShareSql(sql`r.upto`, sql`l`)} - ${interestShareSql(sql`(r.upto - r.amount)`, sql`l`)})::text as interest_share,
      l.loan_amount::text as loan_amount, l.interest_amount::text as interest_amount
    from r join loans l on l.id = r.loan_id join users c on c.id = l.customer_id
    order by r.emi_date, r.status, r.loan_id, r.emi_number`),
  );
};

/**
 * The month's money over the filter's loans: how many EMIs (the list's count), the scheduled money, the expected interest split per
 * loan in its ratio and rounded to the paisa per loan, and the loans' principal and interest (the
 * average rate). Both ways are the read model's month totals: without a search the month's kept
 * totals per loan status (`keptMonthTotals`); a search reads each matching loan's month row and its
 * terms (`keptMonthLoanTotals`), the same sums. The dashboard's figures read it with the default
 * filter, so the list and the figures are one definition.
 */
export const monthLoanTotals = (db: Executor, filter: ExpectedInterestFilter): Promise<MonthLoanTotals> =>
  containsPattern(filter.search) === undefined
    ? keptMonthTotals(db, filter.monthStart, filter.status)
    : keptMonthLoanTotals(db, filter.monthStart, loanWhere(filter, 'asSet'));

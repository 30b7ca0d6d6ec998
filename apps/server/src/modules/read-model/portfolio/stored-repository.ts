import type { IsoDate } from '@lending/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client';
import { interestShareSql, rowsOf } from '../../../db/sql';
import {
  type AgentAmount,
  agentAmounts,
  arrearsAndDaysOverdue,
  bucketSql,
  firstDay,
  type RawRiskRow,
  type RiskRow,
  rowDay,
  toRiskRow,
} from './repository';

/**
 * The portfolio's figures from what is maintained (docs/portfolio.md, "How it is computed"): each
 * loan's money to date (`loan_money_totals`, kept by a trigger in the ledger's transaction) less the
 * rows dated after the day asked, and the closed days stored by housekeeping. Each answers what the
 * definitions in `repository.ts` answer; the tests compare them on the known book.
 */

const share = interestShareSql(sql`g.instalment`, sql`l`);

/**
 * Runs the reads of one answer in a read-only transaction without PostgreSQL's JIT compilation: these
 * queries pass over every lent loan, which the planner prices above the JIT threshold, and compiling
 * them cost more than running them (a day's collections at 100,000 loans: 1.9 s with JIT, 0.5 s without).
 */
export const withoutJit = <T>(db: Db, read: (tx: Executor) => Promise<T>): Promise<T> =>
  db.transaction(
    async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return read(tx);
    },
    { accessMode: 'read only' },
  );

/**
 * Each loan's instalment money paid and principal collected per business day after `after`: an
 * index range over the ledger's business days (rows older than that column by their writing time).
 */
const movesAfter = (after: SQL) => sql`select g.loan_id, ${rowDay} as day,
    sum(loan_money_paid_part(g.kind, g.instalment)) as paid,
    sum(loan_money_principal_part(g.kind, g.instalment, coalesce(g.interest_share, ${share}))) as principal
  from loan_ledger g join loans l on l.id = g.loan_id
  where g.kind in ('collected', 'credit_applied', 'credit', 'refund', 'opening')
    and (g.business_date > ${after}
      or (g.business_date is null and g.created_at >= (${after} + 1)::timestamp at time zone 'Asia/Kolkata'))
  group by 1, 2`;

/**
 * Each loan in the book on each day from `from` to `through`, with its outstanding principal, arrears
 * and days overdue. A loan's money at the end of day D is its totals less what moved after D; between
 * two days it moved, that is constant, so each such stretch is one row (`segments`) spread over its
 * days. Asked for today, nothing moved after it and this is one row per lent loan.
 */
const riskOverDays = (from: IsoDate, through: IsoDate) => {
  const a = sql`${from}::date`;
  const b = sql`${through}::date`;
  return sql`(with moves as (${movesAfter(a)}),
    segments as (
      select loan_id, day as from_day, lead(day) over (partition by loan_id order by day) as next_day,
        sum(paid) over (partition by loan_id order by day desc) - paid as paid_after,
        sum(principal) over (partition by loan_id order by day desc) - principal as principal_after
      from moves
      union all
      select loan_id, ${a}, min(day), sum(paid), sum(principal) from moves group by loan_id),
    days as (select ${a} + k as day from generate_series(0, ${b} - ${a}) k)
    select p.day, p.loan_id, p.customer_id, p.agent_id,
      greatest(0, p.loan_amount - p.principal) as outstanding,
      ${arrearsAndDaysOverdue('p', sql`p.day`)}
    from (select q.*, least(q.total_emi_days, greatest(q.paid, 0) / q.per_day_emi)::int as covered
      from (select d.day, l.id as loan_id, l.customer_id, c.agent_id, l.loan_amount, l.per_day_emi, l.total_emi_days,
          l.start_date, l.off_days, l.skipped_days,
          coalesce(t.paid, 0) - coalesce(s.paid_after, 0)::bigint as paid,
          coalesce(t.principal, 0) - coalesce(s.principal_after, 0)::bigint as principal
        from loans l
        join users c on c.id = l.customer_id
        left join loan_money_totals t on t.loan_id = l.id
        left join segments s on s.loan_id = l.id
        cross join lateral (select greatest(coalesce(s.from_day, ${a}), ${firstDay}) as first_day,
          least(coalesce(s.next_day - 1, ${b}), ${b}, case when l.status = 'approved' then ${b}
            else coalesce(t.last_money_day - 1, ${a} - 1) end) as last_day) w
        join days d on d.day between w.first_day and w.last_day
        where l.status in ('approved', 'closed', 'default') and ${firstDay} <= ${b}) q) p)`;
};

/** Outstanding principal and arrears by day, agent and ageing bucket, from the maintained totals. */
export const riskOverDaysByAgentAndBucket = async (
  db: Executor,
  from: IsoDate,
  through: IsoDate,
): Promise<(RiskRow & { day: IsoDate })[]> =>
  rowsOf<RawRiskRow>(
    await db.execute(sql`select r.day::text as day, r.agent_id, ${bucketSql(sql`r.days`)} as bucket,
        count(*) as loans, sum(r.outstanding)::text as outstanding, sum(r.arrears)::text as arrears
      from ${riskOverDays(from, through)} r group by 1, 2, 3`),
  ).map((r) => ({ ...toRiskRow(r), day: String(r.day) }));

/** A loan in the book at the end of a day: whose, its outstanding principal, arrears and days overdue (money in paise). */
export type LoanRiskRow = {
  loanId: number;
  customerId: number;
  agentId: number | null;
  outstanding: number;
  arrears: number;
  daysOverdue: number;
};

/**
 * Every loan in the book at the end of `day`, one row each, by the portfolio's definitions (payments
 * applied to the oldest instalments first): what the day-end close classifies. Bring
 * `loan-money-totals` up to date first.
 */
export const loanRiskOnDay = async (db: Executor, day: IsoDate): Promise<LoanRiskRow[]> =>
  rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`select r.loan_id, r.customer_id, r.agent_id, r.outstanding::text as outstanding,
        r.arrears::text as arrears, r.days from ${riskOverDays(day, day)} r order by r.loan_id`),
  ).map((r) => ({
    loanId: Number(r.loan_id),
    customerId: Number(r.customer_id),
    agentId: r.agent_id === null ? null : Number(r.agent_id),
    outstanding: Number(r.outstanding),
    arrears: Number(r.arrears),
    daysOverdue: Number(r.days),
  }));

/** Which of the days from `from` to `through` are stored. */
export const storedDays = async (db: Executor, from: IsoDate, through: IsoDate): Promise<Set<IsoDate>> =>
  new Set(
    rowsOf<{ day: string }>(
      await db.execute(sql`select business_date::text as day from portfolio_days
        where business_date between ${from}::date and ${through}::date`),
    ).map((r) => r.day),
  );

/**
 * The stored risk rows of the days from `from` to `through` (agent 0 is stored for "no agent"); with
 * `byAgent` false, one row per day and bucket, summed over the agents (agent null).
 */
export const storedRisk = async (
  db: Executor,
  from: IsoDate,
  through: IsoDate,
  byAgent = true,
): Promise<(RiskRow & { day: IsoDate })[]> =>
  rowsOf<RawRiskRow>(
    await db.execute(sql`select business_date::text as day, ${byAgent ? sql`nullif(agent_key, 0)` : sql`null`} as agent_id,
        bucket, sum(loans) as loans, sum(outstanding)::text as outstanding, sum(arrears)::text as arrears
      from portfolio_day_risk where business_date between ${from}::date and ${through}::date
      group by 1, 2, 3`),
  ).map((r) => ({ ...toRiskRow(r), day: String(r.day) }));

/** Instalment money collected in cash on the stored days from `from` to `through`, by agent. */
export const storedCollected = (db: Executor, from: IsoDate, through: IsoDate): Promise<AgentAmount[]> =>
  agentAmounts(
    db,
    sql`select nullif(agent_key, 0) as agent_id, sum(collected)::text as amount from portfolio_day_collected
      where business_date between ${from}::date and ${through}::date group by 1`,
  );

const dayList = (days: readonly IsoDate[]) =>
  sql.join(
    days.map((d) => sql`(${d}::date)`),
    sql`, `,
  );

/**
 * Stores the days given (closed days, in order, none stored yet): their risk rows from the
 * maintained totals and their collections from the ledger's business-day index.
 */
export const storeDays = async (db: Executor, days: readonly IsoDate[]): Promise<void> => {
  const first = days[0];
  const last = days.at(-1);
  if (first === undefined || last === undefined) return;
  await db.execute(sql`insert into portfolio_days (business_date) values ${dayList(days)}`);
  await db.execute(sql`insert into portfolio_day_risk (business_date, agent_key, bucket, loans, outstanding, arrears)
    select r.day, coalesce(r.agent_id, 0), ${bucketSql(sql`r.days`)}, count(*), sum(r.outstanding), sum(r.arrears)
    from ${riskOverDays(first, last)} r
    where r.day in (values ${dayList(days)})
    group by 1, 2, 3`);
  await db.execute(sql`insert into portfolio_day_collected (business_date, agent_key, collected)
    select ${rowDay}, coalesce(c.agent_id, 0), sum(g.instalment)
    from loan_ledger g join loans l on l.id = g.loan_id join users c on c.id = l.customer_id
    where g.kind = 'collected' and (g.business_date between ${first}::date and ${last}::date
      or (g.business_date is null and ${rowDay} between ${first}::date and ${last}::date))
      and ${rowDay} in (values ${dayList(days)})
    group by 1, 2`);
};

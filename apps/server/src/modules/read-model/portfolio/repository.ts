import type { IsoDate } from '@lending/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { interestShareSql, rowsOf } from '../../../db/sql';
import { ledgerBusinessDay } from '../business-day';

/**
 * The portfolio's figures as SQL aggregates (docs/portfolio.md). Each mirrors a rule of
 * `packages/domain/src/portfolio/rules.ts` and reads only a loan's terms (its collection calendar
 * among them) and its ledger rows dated up to the day asked, never the EMI rows' current status, so a
 * past day answers as it did on that day. Money comes back in paise as text (bigint sums).
 */

/** The business day of ledger row `g` (the database's one definition, `ledger_business_day`). */
export const rowDay = ledgerBusinessDay('g');

/** The day a closed or defaulted loan ended: its last row that moved money off an EMI (paid, waived, written off). */
const closeDay = sql`(select max(${rowDay}) from loan_ledger g
  where g.loan_id = l.id and g.kind in ('collected', 'credit_applied', 'written_off', 'waived', 'opening'))`;

/** A loan's first day in the book: its start, or a later cut-over day (the domain's `firstBookDay`). */
export const firstDay = sql`portfolio_first_day(l.start_date, l.cut_over_date)`;

/** Lent loans in the book at the end of `day`: in it by then (`firstDay`) and not closed by then. */
const inBookAt = (day: SQL) => sql`l.status in ('approved', 'closed', 'default') and ${firstDay} <= ${day}
  and (l.status = 'approved' or ${closeDay} > ${day})`;

/**
 * Loan `p`'s collection days from its start to `day`, both included (`calendar_days_upto`, written out
 * for a loan collected every day): its instalments dated by then, before its tenure caps them.
 */
const collectionDaysUpTo = (p: string, day: SQL) =>
  sql`portfolio_days_dated(${sql.raw(p)}.start_date, ${sql.raw(p)}.off_days, ${sql.raw(p)}.skipped_days, ${day})`;

/** The date of loan `p`'s instalment `n`, its n-th collection day (`calendar_emi_day`, likewise). */
const instalmentDay = (p: string, n: SQL) =>
  sql`portfolio_emi_day(${sql.raw(p)}.start_date, ${sql.raw(p)}.off_days, ${sql.raw(p)}.skipped_days, ${n})`;

/**
 * Loan `p`'s arrears and days overdue at the end of `day` (its `paid` and `covered`, the instalments
 * fully paid: payments applied to the oldest first). Its oldest unpaid instalment is number
 * covered + 1, dated on its collection day of that number; an off-day or a skipped holiday dates none.
 */
export const arrearsAndDaysOverdue = (p: string, day: SQL) => {
  const q = sql.raw(p);
  return sql`greatest(0, ${q}.per_day_emi * least(${q}.total_emi_days, ${collectionDaysUpTo(p, day)}) - ${q}.paid) as arrears,
    case when ${q}.covered < ${q}.total_emi_days
      then greatest(0, ${day} - ${instalmentDay(p, sql`${q}.covered + 1`)}) else 0 end as days`;
};

const share = interestShareSql(sql`g.instalment`, sql`l`);

/**
 * Each loan in the book at the end of `day`: its agent, its outstanding principal (loan amount less
 * the principal share of cash collected and of money paid before the cut-over, net of refunds), its
 * arrears and its days overdue (`arrearsAndDaysOverdue`).
 */
const riskAt = (asOf: IsoDate) => {
  const day = sql`${asOf}::date`;
  return sql`(select p.agent_id,
      greatest(0, p.loan_amount - p.principal) as outstanding,
      ${arrearsAndDaysOverdue('p', day)}
    from (select c.agent_id, l.loan_amount, l.per_day_emi, l.total_emi_days, l.start_date, l.off_days, l.skipped_days,
        coalesce(m.paid, 0) as paid, coalesce(m.principal, 0) as principal,
        least(l.total_emi_days, floor(greatest(coalesce(m.paid, 0), 0) / l.per_day_emi))::int as covered
      from loans l
      join users c on c.id = l.customer_id
      left join lateral (select
          sum(case when g.kind = 'credit' then -g.instalment else g.instalment end)
            filter (where g.kind in ('collected', 'credit_applied', 'credit', 'opening')) as paid,
          sum(case when g.kind in ('collected', 'opening') then g.instalment - coalesce(g.interest_share, ${share})
            else abs(coalesce(g.interest_share, ${share})) - g.instalment end)
            filter (where g.kind in ('collected', 'refund', 'opening')) as principal
        from loan_ledger g
        where g.loan_id = l.id and g.kind in ('collected', 'credit_applied', 'credit', 'refund', 'opening')
          and ${rowDay} <= ${day}
      ) m on true
      where ${inBookAt(day)}) p)`;
};

/** Loans and their outstanding principal by agent and ageing bucket ('current': not overdue). */
export type BookRow = {
  agentId: number | null;
  bucket: string;
  loans: number;
  outstanding: number;
};

/** A book row with the arrears of its loans. */
export type RiskRow = BookRow & { arrears: number };

/** The ageing bucket of `days` overdue. */
export const bucketSql = (days: SQL) => sql`case when ${days} >= 91 then '91+' when ${days} >= 31 then '31-90'
  when ${days} >= 8 then '8-30' when ${days} >= 1 then '1-7' else 'current' end`;

/** A raw risk row as the queries answer it (money as text). */
export type RawRiskRow = Record<string, string | number | null>;

export const toRiskRow = (r: RawRiskRow): RiskRow => ({
  agentId: r.agent_id === null ? null : Number(r.agent_id),
  bucket: String(r.bucket),
  loans: Number(r.loans),
  outstanding: Number(r.outstanding ?? 0),
  arrears: Number(r.arrears ?? 0),
});

/**
 * The definition: each loan's rows summed up to the day. Exact for any day but it reads every lent
 * loan's cash rows; the screens read the maintained figures (`stored-repository.ts`), which the
 * tests compare with this on the known book.
 */
export const riskByAgentAndBucket = async (db: Executor, asOf: IsoDate): Promise<RiskRow[]> =>
  rowsOf<RawRiskRow>(
    await db.execute(sql`select r.agent_id, ${bucketSql(sql`r.days`)} as bucket,
        count(*) as loans, sum(r.outstanding)::text as outstanding, sum(r.arrears)::text as arrears
      from ${riskAt(asOf)} r group by 1, 2`),
  ).map(toRiskRow);

/** An amount per agent (null: customers without an agent). */
export type AgentAmount = { agentId: number | null; amount: number };

export const agentAmounts = async (db: Executor, query: SQL): Promise<AgentAmount[]> =>
  rowsOf<{ agent_id: number | string | null; amount: string | null }>(await db.execute(query)).map((r) => ({
    agentId: r.agent_id === null ? null : Number(r.agent_id),
    amount: Number(r.amount ?? 0),
  }));

/** Instalment money collected in cash on the days `from` to `through`, by the loan's agent. */
export const collectedByAgent = (db: Executor, from: IsoDate, through: IsoDate) =>
  agentAmounts(
    db,
    sql`select c.agent_id, sum(g.instalment)::text as amount
      from loan_ledger g join loans l on l.id = g.loan_id join users c on c.id = l.customer_id
      where g.kind = 'collected' and (g.business_date between ${from}::date and ${through}::date
        or (g.business_date is null and ${rowDay} between ${from}::date and ${through}::date))
      group by c.agent_id`,
  );

/**
 * Instalments dated from `from` to `through` by the loan's agent: on the loan's collection days, of
 * loans in the book by then, from their first day in it, up to the day a closed loan ended (what was
 * dated after it is no longer due). `maintained` reads that day from the loan's maintained totals
 * instead of its ledger rows (the same day; the books check it).
 */
export const datedInstalmentsByAgent = (
  db: Executor,
  from: IsoDate,
  through: IsoDate,
  maintained = false,
) => {
  const ended = maintained ? sql`t.last_money_day` : closeDay;
  const last = sql`least(${through}::date, portfolio_last_dated_day(l.status, l.end_date, ${ended}, l.cut_over_date))`;
  const before = sql`greatest(${from}::date, ${firstDay}) - 1`;
  return agentAmounts(
    db,
    sql`select c.agent_id, sum(l.per_day_emi * greatest(0,
        ${collectionDaysUpTo('l', last)} - ${collectionDaysUpTo('l', before)}))::text as amount
      from loans l join users c on c.id = l.customer_id
        ${maintained ? sql`left join loan_money_totals t on t.loan_id = l.id` : sql``}
      where l.status in ('approved', 'closed', 'default') and ${firstDay} <= ${through}::date
        and l.end_date >= ${from}::date
      group by c.agent_id`,
  );
};

/** Names of the agents given. */
export const agentNames = async (db: Executor, ids: number[]): Promise<Map<number, string>> => {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: number; name: string }>(
    await db.execute(
      sql`select id, name from users where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  );
  return new Map(rows.map((r) => [Number(r.id), r.name]));
};

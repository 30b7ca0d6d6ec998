import type { IsoDate } from '@lending/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/sql';
import { type AgentAmount, agentAmounts, type BookRow, bucketSql } from './repository';

/**
 * Today's figures from the rows kept by triggers (migration portfolio_kept, docs/portfolio.md "How it
 * is computed"): approved loans per agent and oldest unpaid instalment date, and per day and agent the
 * instalments dated and the cash collected. Each answers what the definitions of `repository.ts`
 * answer; the tests compare them on every day of the known book.
 */

/** The ledger rows that move a loan's kept money (loan_money_totals). */
const moneyKind = sql`g.kind in ('collected', 'credit_applied', 'credit', 'refund', 'written_off', 'waived', 'opening')`;

/**
 * Whether a ledger row that moves money is dated after `today` (only a clock moved back writes one). The kept rows hold
 * every row's money, so the book as of today reads them only when none is.
 */
export const rowsDatedAfter = async (db: Executor, today: IsoDate): Promise<boolean> =>
  rowsOf<{ found: boolean }>(
    await db.execute(sql`select exists (select 1 from loan_ledger g where g.business_date > ${today}::date and ${moneyKind})
      or exists (select 1 from loan_ledger g where g.business_date is null and ${moneyKind}
        and g.created_at >= (${today}::date + 1)::timestamp at time zone 'Asia/Kolkata') as found`),
  )[0]?.found === true;

/**
 * The book at the end of `today` by agent and ageing bucket: the kept groups, a loan's days overdue
 * being today less its oldest unpaid instalment's date, less the approved loans that start after today
 * (not in the book yet; found through the loans' start-date index). Closed loans left the book on
 * their last money day, which is not after today when no row is dated after it.
 */
export const keptBookToday = async (db: Executor, today: IsoDate): Promise<BookRow[]> => {
  const days = sql`case when k.due_day = 'infinity' then 0 else greatest(0, ${today}::date - k.due_day) end`;
  return rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`select nullif(k.agent_key, 0) as agent_id, ${bucketSql(days)} as bucket,
        sum(k.loans) as loans, sum(k.outstanding)::text as outstanding
      from (select agent_key, due_day, loans, outstanding from portfolio_due_groups
        union all
        select coalesce(c.agent_id, 0),
          portfolio_due_day(l.start_date, l.off_days, l.skipped_days, l.per_day_emi, l.total_emi_days,
            coalesce(t.paid, 0)), -1,
          -greatest(0, l.loan_amount - coalesce(t.principal, 0))
        from loans l join users c on c.id = l.customer_id left join loan_money_totals t on t.loan_id = l.id
        where l.start_date > ${today}::date and l.status = 'approved') k
      group by 1, 2 having sum(k.loans) <> 0`),
  ).map((r) => ({
    agentId: r.agent_id === null ? null : Number(r.agent_id),
    bucket: String(r.bucket),
    loans: Number(r.loans),
    outstanding: Number(r.outstanding ?? 0),
  }));
};

const keptDaySums = (db: Executor, column: 'dated' | 'collected', from: IsoDate, through: IsoDate) =>
  agentAmounts(
    db,
    sql`select nullif(agent_key, 0) as agent_id, sum(${sql.raw(column)})::text as amount from portfolio_agent_days
      where business_date between ${from}::date and ${through}::date group by 1 having sum(${sql.raw(column)}) <> 0`,
  );

/** Instalment money collected in cash on the days `from` to `through`, by agent: a range of kept days. */
export const keptCollected = (db: Executor, from: IsoDate, through: IsoDate): Promise<AgentAmount[]> =>
  keptDaySums(db, 'collected', from, through);

/** Instalments dated on the days `from` to `through`, by agent: a range of kept days. */
export const keptDated = (db: Executor, from: IsoDate, through: IsoDate): Promise<AgentAmount[]> =>
  keptDaySums(db, 'dated', from, through);

/**
 * The kept rows that differ from their recomputation (`npm run verify`): at most `limit` of each, as
 * 'portfolio due groups of agent 7' or 'portfolio agent day 2026-11-20'.
 */
export const keptMismatches = async (db: Executor, limit = 20): Promise<string[]> => {
  const groups = rowsOf<{ agent_key: number }>(
    await db.execute(sql`select distinct coalesce(k.agent_key, r.agent_key) as agent_key
      from portfolio_due_groups k full join portfolio_due_groups_recomputed r
        on r.agent_key = k.agent_key and r.due_day = k.due_day
      where coalesce(k.loans, 0) <> coalesce(r.loans, 0) or coalesce(k.outstanding, 0) <> coalesce(r.outstanding, 0)
      order by 1 limit ${limit}`),
  );
  const days = rowsOf<{ day: string }>(
    await db.execute(sql`select distinct coalesce(k.business_date, r.business_date)::text as day
      from portfolio_agent_days k full join portfolio_agent_days_recomputed r
        on r.business_date = k.business_date and r.agent_key = k.agent_key
      where coalesce(k.dated, 0) <> coalesce(r.dated, 0) or coalesce(k.collected, 0) <> coalesce(r.collected, 0)
      order by 1 limit ${limit}`),
  );
  return [
    ...groups.map((r) => `portfolio due groups of agent ${r.agent_key}`),
    ...days.map((r) => `portfolio agent day ${r.day}`),
  ];
};

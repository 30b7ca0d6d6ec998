import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/sql';
import { keptMismatches } from './kept-repository';
import { rowDay } from './repository';
import { riskOverDaysByAgentAndBucket } from './stored-repository';

/**
 * Each loan's kept money totals (its ledger rows folded so far) and day of leaving the book (judged
 * on every money row, the ones still to fold too) against its ledger rows.
 */
export const loanMoneyMismatches = async (db: Executor, limit = 20): Promise<string[]> =>
  rowsOf<{ loan_code: string }>(
    await db.execute(sql`
      with unfolded as (
        select g.loan_id, max(ledger_business_day(g.business_date, g.created_at)) as last_money_day
        from ledger_rows_after_watermark('loan-money-totals') g
        where g.kind in ('collected', 'credit_applied', 'written_off', 'waived', 'opening')
        group by g.loan_id)
      select l.loan_code from loans l
        left join loan_money_recomputed r on r.loan_id = l.id
        left join loan_money_totals t on t.loan_id = l.id
        left join unfolded u on u.loan_id = l.id
      where coalesce(r.paid, 0) <> coalesce(t.paid, 0) or coalesce(r.principal, 0) <> coalesce(t.principal, 0)
        or r.last_money_day is distinct from t.last_money_day
        or portfolio_book_end(l.status, portfolio_first_day(l.start_date, l.cut_over_date), greatest(r.last_money_day, u.last_money_day))
          is distinct from t.book_end
      order by l.id limit ${limit}`),
  ).map((r) => `portfolio totals of ${r.loan_code}`);

/** Each stored closed day's risk rows and collections against the ledger they were computed from. */
export const storedDaysMismatches = async (db: Executor, limit = 20): Promise<string[]> => {
  const range = rowsOf<{ first: string | null; last: string | null }>(
    await db.execute(sql`select min(business_date)::text as first, max(business_date)::text as last
      from portfolio_days`),
  )[0];
  const days = new Set<string>();
  if (range?.first && range.last) {
    const stored = new Set(
      rowsOf<{ day: string }>(
        await db.execute(sql`select business_date::text as day from portfolio_days`),
      ).map((r) => r.day),
    );
    const key = (r: { day: string; agentId: number | null; bucket: string }) =>
      `${r.day} ${r.agentId ?? 0} ${r.bucket}`;
    const expected = new Map<string, string>();
    for (const r of await riskOverDaysByAgentAndBucket(db, range.first, range.last)) {
      if (stored.has(r.day)) expected.set(key(r), `${r.loans} ${r.outstanding} ${r.arrears}`);
    }
    const actual = rowsOf<Record<string, string | number>>(
      await db.execute(sql`select business_date::text as day, agent_key, bucket, loans, outstanding, arrears
        from portfolio_day_risk`),
    );
    for (const r of actual) {
      const k = `${r.day} ${r.agent_key} ${r.bucket}`;
      if (expected.get(k) !== `${r.loans} ${r.outstanding} ${r.arrears}`) days.add(String(r.day));
      expected.delete(k);
    }
    for (const k of expected.keys()) days.add(k.split(' ')[0] ?? k);
    const collected = rowsOf<{ day: string }>(
      await db.execute(sql`
        with recomputed as (
          select ${rowDay} as day, coalesce(c.agent_id, 0) as agent_key, sum(g.instalment) as collected
          from loan_ledger g join loans l on l.id = g.loan_id join users c on c.id = l.customer_id
          where g.kind = 'collected' and (g.business_date between ${range.first}::date and ${range.last}::date
            or g.business_date is null)
          group by 1, 2)
        select distinct coalesce(r.day, s.business_date)::text as day
        from (select * from recomputed where day in (select business_date from portfolio_days)) r
          full join portfolio_day_collected s on s.business_date = r.day and s.agent_key = r.agent_key
        where coalesce(r.collected, 0) <> coalesce(s.collected, 0)`),
    );
    for (const r of collected) days.add(r.day);
  }
  return [...days]
    .sort()
    .slice(0, limit)
    .map((d) => `portfolio day ${d}`);
};

/**
 * What the portfolio maintains and differs from the ledger it is computed from: each loan's money
 * totals and day of leaving the book, the kept groups and agent days of today's figures, and each
 * stored day's risk rows and collections. At most `limit` of each, as 'portfolio totals of
 * LN000012' or 'portfolio day 2026-11-20'.
 */
export const portfolioTotalsMismatches = async (db: Executor, limit = 20): Promise<string[]> => [
  ...(await loanMoneyMismatches(db, limit)),
  ...(await keptMismatches(db, limit)),
  ...(await storedDaysMismatches(db, limit)),
];

import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/sql';

/**
 * The lists' kept figures (each loan's agent, `emi_state_totals`, `emi_bounce_totals`) that differ from the same rows
 * computed afresh from the EMIs by the functions their rebuild also reads; at most `limit` of each, as
 * 'agent of LN000012', 'EMI states 2026-11-20 of agent 7' or 'bounced EMIs recovered'. A kept row counting nothing is
 * the same as no row.
 */
// A change lands in the shard of the connection that made it: rows compare with their shards summed.
const statesSummed = (rows: SQL) => sql`
  select emi_date, agent_id, status, open, sum(emis) as emis, sum(amount) as amount,
    sum(late_charge) as late_charge, sum(late_charged) as late_charged
  from ${rows} s group by 1, 2, 3, 4`;
const bouncesSummed = (rows: SQL) => sql`
  select bounce_status, sum(emis) as emis, sum(amount) as amount from ${rows} s group by 1`;

export const listTotalsMismatches = async (db: Executor, limit = 20): Promise<string[]> => {
  const states = rowsOf<{ day: string; agent: number }>(
    await db.execute(sql`
      with recomputed as (${statesSummed(sql`emi_state_totals_from_rows()`)}),
        kept as (${statesSummed(sql`emi_state_totals`)})
      select distinct coalesce(r.emi_date, t.emi_date)::text as day, coalesce(r.agent_id, t.agent_id) as agent
      from recomputed r full join kept t on t.emi_date = r.emi_date
        and t.agent_id = r.agent_id and t.status = r.status and t.open = r.open
      where (coalesce(r.emis, 0), coalesce(r.amount, 0), coalesce(r.late_charge, 0), coalesce(r.late_charged, 0))
        is distinct from (coalesce(t.emis, 0), coalesce(t.amount, 0), coalesce(t.late_charge, 0), coalesce(t.late_charged, 0))
      order by 1, 2 limit ${limit}`),
  );
  const bounces = rowsOf<{ status: string }>(
    await db.execute(sql`
      with recomputed as (${bouncesSummed(sql`emi_bounce_totals_from_rows()`)}),
        kept as (${bouncesSummed(sql`emi_bounce_totals`)})
      select distinct coalesce(r.bounce_status, t.bounce_status) as status
      from recomputed r full join kept t on t.bounce_status = r.bounce_status
      where (coalesce(r.emis, 0), coalesce(r.amount, 0)) is distinct from (coalesce(t.emis, 0), coalesce(t.amount, 0))
      order by 1 limit ${limit}`),
  );
  const agents = rowsOf<{ loan_code: string }>(
    await db.execute(sql`
      select l.loan_code from loans l join users c on c.id = l.customer_id
      where l.agent_id is distinct from c.agent_id order by l.id limit ${limit}`),
  );
  return [
    ...agents.map((row) => `agent of ${row.loan_code}`),
    ...states.map((row) => `EMI states ${row.day} of agent ${row.agent}`),
    ...bounces.map((row) => `bounced EMIs ${row.status}`),
  ];
};

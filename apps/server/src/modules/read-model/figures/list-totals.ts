import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/sql';
import { compareKept } from '../compare-repository';
import { defineFigure } from '../figure';

// A change lands in the shard of the connection that made it: rows compare with their shards summed.
const statesSummed = (rows: SQL) => sql`
  select emi_date, agent_id, status, open, sum(emis) as emis, sum(amount) as amount,
    sum(late_charge) as late_charge, sum(late_charged) as late_charged
  from ${rows} s group by 1, 2, 3, 4`;
const bouncesSummed = (rows: SQL) => sql`
  select bounce_status, sum(emis) as emis, sum(amount) as amount from ${rows} s group by 1`;

/** The lists' cards: EMIs per state, date and agent; bounced EMIs per bounce status; each loan's agent. */
export const listTotals = defineFigure({
  name: 'list-totals',
  meaning:
    "Per EMI date, agent, status and open or not: the EMIs, their money and late charges (Payments Due's and an agent's overdue cards); per bounce status, the bounced EMIs and their money (Bounced EMIs' cards); and each loan's agent, copied from its customer so that lists filter by agent on the loan's own row.",
  tables: ['emi_state_totals', 'emi_bounce_totals', 'loans.agent_id'],
  keeping: 'triggers',
  why: "The cards' totals cover the whole filter, not a page (Payments Due took 496 ms, Bounced EMIs 604 ms under 10 clients). The loans' agents and the bounced EMIs are kept by triggers; the EMI states are folded in by the projector of emi-day-totals from the outbox of EMI changes, and moved by triggers when a loan's status or agent changes (its EMIs as folded).",
  ledgerKinds: 'none',
  rebuild: 'rebuild_list_totals()',
  checks: [
    async (db, limit) =>
      rowsOf<{ loan_code: string }>(
        await db.execute(sql`
          select l.loan_code from loans l join users c on c.id = l.customer_id
          where l.agent_id is distinct from c.agent_id order by l.id limit ${limit}`),
      ).map((row) => `agent of ${row.loan_code}`),
    compareKept({
      key: ['emi_date', 'agent_id', 'status', 'open'],
      sums: ['emis', 'amount', 'late_charge', 'late_charged'],
      definition: statesSummed(sql`emi_state_totals_from_rows()`),
      // The kept rows with the changes still in the outbox applied, as the fold will apply them.
      kept: statesSummed(sql`(select emi_date, agent_id, status, open, emis, amount, late_charge, late_charged
        from emi_state_totals
        union all
        select emi_date, agent_id, status, open, sum(sign), sum(sign * amount), sum(sign * late_charge),
          coalesce(sum(sign) filter (where late_charge > 0), 0)
        from emi_changes_pending group by 1, 2, 3, 4)`),
      label: (row) => `EMI states ${row.emi_date} of agent ${row.agent_id}`,
    }),
    compareKept({
      key: ['bounce_status'],
      sums: ['emis', 'amount'],
      definition: bouncesSummed(sql`emi_bounce_totals_from_rows()`),
      kept: bouncesSummed(sql`emi_bounce_totals`),
      label: (row) => `bounced EMIs ${row.bounce_status}`,
    }),
  ],
  readBy: [
    'GET /api/loans/emis/due',
    'GET /api/loans/dashboard/agent',
    'GET /api/loans/bounced-emis',
    'GET /api/loans/bounced-emis/stats',
  ],
});

import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/sql';
import { compareKept } from '../compare-repository';
import { defineFigure } from '../figure';

/** The ledger rows folded into the figure: written before projectors, or at or before its watermark. */
const folded = sql`(g.tx is null or exists (select 1 from kept_projections w
  where w.figure = 'ledger-day-totals' and (g.tx, g.id) <= (w.through_tx, w.through_id)))`;

/** The ledger per business day and kind, folded in by the projector: the dashboard's money figures. */
export const ledgerDayTotals = defineFigure({
  name: 'ledger-day-totals',
  meaning:
    'Per business day and ledger kind, the money booked: amount, instalment, penalty, interest share and rows.',
  tables: ['ledger_day_totals'],
  keeping: 'projector',
  why: 'A payment writes ledger rows and nothing of this: the projector folds them in after commit, and a reader adds the rows after the watermark from the ledger itself (a few hundred), so answers stay exact. Summing 17.6 million ledger rows per call takes seconds.',
  ledgerKinds: 'every kind',
  rebuild: 'rebuild_ledger_day_totals()',
  checks: [
    compareKept({
      key: ['business_date', 'kind'],
      sums: ['amount', 'instalment', 'penalty', 'row_count'],
      definition: sql`
        select ledger_business_day(g.business_date, g.created_at) as business_date, g.kind, sum(g.amount) as amount,
          sum(g.instalment) as instalment, sum(g.penalty) as penalty, count(*) as row_count
        from loan_ledger g where ${folded} group by 1, 2`,
      kept: sql`
        select business_date, kind, sum(amount) as amount, sum(instalment) as instalment, sum(penalty) as penalty,
          sum(row_count) as row_count
        from ledger_day_totals group by 1, 2`,
      label: (row) => `ledger ${row.business_date} ${row.kind}`,
    }),
  ],
  readBy: [
    'GET /api/loans/admin-dashboard',
    'GET /api/stats/revenue',
    'GET /api/stats/revenue/monthly',
    'GET /api/stats/interest-metrics',
    'GET /api/stats/interest-metrics/emis',
  ],
});

/** A window of IST business days, `to` exclusive; open-ended when a bound is absent. */
export type DayWindow = { from?: string; to?: string };

/** Money collected in a window, in paise: instalment (gross and net of refunds), its interest share, charges. */
export type Recovery = {
  instalmentCollected: number;
  refunded: number;
  interestShare: number;
  penalties: number;
  collected: number;
};

/**
 * Cash ledger rows in a window: the ledger's day totals (every row up to the projector's watermark)
 * plus the rows after it, read from the ledger itself in the same snapshot, so the answer is exact
 * as of its own read however far the projector trails (normally a few hundred rows). The instalment
 * part's interest share was fixed on each row when it was written (rows older than that column took
 * the loan's terms when the totals were built); refunds of credit held give instalment money, and its
 * interest, back. Charges collected are penalty income.
 */
export const recoveryIn = async (db: Executor, window: DayWindow): Promise<Recovery> => {
  const bounds: SQL[] = [sql`t.kind in ('collected', 'refund')`];
  if (window.from) bounds.push(sql`t.business_date >= ${window.from}::date`);
  if (window.to) bounds.push(sql`t.business_date < ${window.to}::date`);
  const [row] = rowsOf<Record<string, string | null>>(
    await db.execute(sql`
      with tail as (
        select ledger_business_day(g.business_date, g.created_at) as business_date, g.kind, g.amount,
          g.instalment, g.penalty, coalesce(g.interest_share, case when g.kind in ('collected', 'refund') then
            (select round(g.instalment::numeric * l.interest_amount / nullif(l.total_repayable, 0))::bigint
             from loans l where l.id = g.loan_id) end, 0) as interest_share
        from ledger_rows_after_watermark('ledger-day-totals') g),
      t as (
        select business_date, kind, amount, instalment, penalty, interest_share from ledger_day_totals
        union all select business_date, kind, amount, instalment, penalty, interest_share from tail)
      select
        coalesce(sum(t.instalment) filter (where t.kind = 'collected'), 0)::text as instalment,
        coalesce(sum(t.amount) filter (where t.kind = 'refund'), 0)::text as refunded,
        coalesce(sum(case when t.kind = 'refund' then -t.interest_share else t.interest_share end), 0)::text as interest,
        coalesce(sum(t.penalty) filter (where t.kind = 'collected'), 0)::text as penalty,
        coalesce(sum(t.amount) filter (where t.kind = 'collected'), 0)::text as collected
      from t
      where ${sql.join(bounds, sql` and `)}`),
  );
  return {
    instalmentCollected: Number(row?.instalment ?? 0),
    refunded: Number(row?.refunded ?? 0),
    interestShare: Number(row?.interest ?? 0),
    penalties: Number(row?.penalty ?? 0),
    collected: Number(row?.collected ?? 0),
  };
};

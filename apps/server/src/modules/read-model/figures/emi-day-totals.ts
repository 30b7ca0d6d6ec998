import { sql } from 'drizzle-orm';
import { openEmiSql } from '../../../db/sql';
import { compareKept } from '../compare-repository';
import { defineFigure } from '../figure';

const open = openEmiSql(sql`e`);

/** The dashboard's EMI day figures: the approved loans' EMIs per date. */
export const emiDayTotals = defineFigure({
  name: 'emi-day-totals',
  meaning:
    "Per EMI date, the approved loans' open EMIs, what they owe (amount and late charge) and the EMIs due at all.",
  tables: ['emi_day_totals', 'emi_changes'],
  keeping: 'projector',
  why: "The dashboard's today and overdue cards and the 30/60/90-day cash flow sum days; summing 10 million EMIs takes seconds. An EMI's change needs its old and new state, which the ledger does not carry: a trigger writes both to an outbox (emi_changes) in the payment's transaction, one insert instead of the day totals' and the lists' EMI states' four upserts, and the projector folds the outbox in after commit, a key in one upsert per batch, the lists' EMI states (list-totals) with it. Readers bring it up to their own moment first, so they stay exact; verify adds the outbox to the kept rows.",
  ledgerKinds: 'none',
  rebuild: 'rebuild_day_totals()',
  checks: [
    compareKept({
      key: ['emi_date'],
      sums: ['open_count', 'open_amount', 'due_count'],
      definition: sql`
        select e.emi_date, count(*) filter (where ${open}) as open_count,
          coalesce(sum(e.amount + e.late_charge) filter (where ${open}), 0) as open_amount,
          count(*) filter (where e.status <> 'foreclosed') as due_count
        from emis e join loans l on l.id = e.loan_id and l.status = 'approved' group by 1`,
      // The kept rows with the changes still in the outbox applied, as the fold will apply them.
      kept: sql`
        select emi_date, sum(open_count) as open_count, sum(open_amount) as open_amount, sum(due_count) as due_count
        from (select emi_date, open_count, open_amount, due_count from emi_day_totals
          union all
          select p.emi_date, coalesce(sum(p.sign) filter (where p.open), 0),
            coalesce(sum(p.sign * (p.amount + p.late_charge)) filter (where p.open), 0),
            coalesce(sum(p.sign) filter (where p.status <> 'foreclosed'), 0)
          from emi_changes_pending p group by 1) k
        group by 1`,
      label: (row) => `emis ${row.emi_date}`,
    }),
  ],
  readBy: [
    'GET /api/loans/admin-dashboard',
    'GET /api/loans/financial-health',
    'GET /api/loans/dashboard/agent',
  ],
});

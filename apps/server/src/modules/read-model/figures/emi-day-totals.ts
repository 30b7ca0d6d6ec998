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
  tables: ['emi_day_totals'],
  keeping: 'triggers',
  why: "The dashboard's today and overdue cards and the 30/60/90-day cash flow sum days; summing 10 million EMIs takes seconds. Kept in the payment's transaction for now: an EMI's change needs its old and new state, which the ledger alone does not carry.",
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
      kept: sql`
        select emi_date, sum(open_count) as open_count, sum(open_amount) as open_amount, sum(due_count) as due_count
        from emi_day_totals group by 1`,
      label: (row) => `emis ${row.emi_date}`,
    }),
  ],
  readBy: [
    'GET /api/loans/admin-dashboard',
    'GET /api/loans/financial-health',
    'GET /api/loans/dashboard/agent',
  ],
});

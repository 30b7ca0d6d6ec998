import { sql } from 'drizzle-orm';
import { openEmiSql } from '../../../db/sql';
import { compareKept } from '../compare-repository';
import { defineFigure } from '../figure';

const open = openEmiSql(sql`e`);

/** The dashboard's day figures: the ledger per business day and kind, the approved loans' EMIs per date. */
export const dayTotals = defineFigure({
  name: 'day-totals',
  meaning:
    "Per business day and ledger kind, the money booked (amount, instalment, penalty, interest share, rows); per EMI date, the approved loans' open EMIs, what they owe and the EMIs due.",
  tables: ['ledger_day_totals', 'emi_day_totals'],
  keeping: 'triggers',
  why: 'The dashboard, revenue and cash-flow figures sum days; summing the ledger and EMIs at 10 million rows takes seconds.',
  ledgerKinds: 'every kind',
  rebuild: 'rebuild_day_totals()',
  checks: [
    compareKept({
      key: ['business_date', 'kind'],
      sums: ['amount', 'instalment', 'penalty', 'row_count'],
      definition: sql`
        select ledger_business_day(g.business_date, g.created_at) as business_date, g.kind, sum(g.amount) as amount,
          sum(g.instalment) as instalment, sum(g.penalty) as penalty, count(*) as row_count
        from loan_ledger g group by 1, 2`,
      kept: sql`
        select business_date, kind, sum(amount) as amount, sum(instalment) as instalment, sum(penalty) as penalty,
          sum(row_count) as row_count
        from ledger_day_totals group by 1, 2`,
      label: (row) => `ledger ${row.business_date} ${row.kind}`,
    }),
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
    'GET /api/stats/revenue',
    'GET /api/stats/revenue/monthly',
    'GET /api/stats/interest-metrics',
    'GET /api/stats/interest-metrics/emis',
    'GET /api/loans/dashboard/agent',
  ],
});

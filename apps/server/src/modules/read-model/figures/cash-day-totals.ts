import { sql } from 'drizzle-orm';
import { compareKept } from '../compare-repository';
import { defineFigure } from '../figure';

/** The cash custody's per-collector day totals. */
export const cashDayTotals = defineFigure({
  name: 'cash-day-totals',
  meaning:
    'Per collector, business day, payment mode and kind (collected or refunded), the cash money and rows: what each collector holds, hands over and closes a day with.',
  tables: ['cash_day_totals'],
  keeping: 'triggers',
  why: "The collecting agent's own cash in hand and the closed-day guard must be exact right after their own payment.",
  ledgerKinds: ['collected', 'refund'],
  rebuild: 'rebuild_cash_day_totals()',
  checks: [
    compareKept({
      key: ['business_date', 'collector_id', 'payment_mode', 'kind'],
      sums: ['amount', 'row_count'],
      definition: sql`
        select g.actor_id as collector_id, ledger_business_day(g.business_date, g.created_at) as business_date,
          g.payment_mode, g.kind, sum(g.amount) as amount, count(*) as row_count
        from loan_ledger g
        where g.kind in ('collected', 'refund') and g.actor_id is not null and g.payment_mode is not null
          and g.payment_mode <> 'credit'
        group by 1, 2, 3, 4`,
      kept: sql`select collector_id, business_date, payment_mode, kind, amount, row_count from cash_day_totals`,
      label: (row) => `cash ${row.business_date} of collector ${row.collector_id}`,
    }),
  ],
  readBy: [
    'GET /api/cash/positions',
    'GET /api/cash/positions/me',
    'POST /api/cash/handovers',
    'POST /api/cash/day-closes',
  ],
});

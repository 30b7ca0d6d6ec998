import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/sql';
import { compareKept } from '../compare-repository';
import { defineFigure } from '../figure';

/** The Agent Collections report's records, one row per record as the report shows it. */
export const collectionRecords = defineFigure({
  name: 'collection-records',
  meaning:
    "One row per record of the Agent Collections report: a payment's cash, a collection without ledger rows, a bounce, a refund, credit held; with its day, collector, loan, customer, amounts and interest share.",
  tables: ['collection_records'],
  keeping: 'projector',
  why: "The report pages a day of records by collector and customer; composing them from payments, ledger and bounces took 22 s for a day of 24,000 records. A ledger row's record was the most expensive trigger of a payment (3.2 ms of its transaction under load), and nobody needs it before the report is opened: the projector folds ledger rows in after commit, a batch in one upsert, and the report brings it up to its own moment before reading (waiting for a fold in progress), so the report stays exact. Bounces and payments without ledger rows are still kept in their transaction.",
  ledgerKinds: ['collected', 'refund'],
  rebuild: 'rebuild_collection_records()',
  checks: [
    async (db, limit) =>
      rowsOf<{ day: string; collector: number }>(
        await db.execute(sql`
          select distinct coalesce(r.day, t.day)::text as day, coalesce(r.collector_id, t.collector_id) as collector
          from collection_records_from_rows() r full join collection_records t on t.src = r.src
            and t.group_key = r.group_key and t.day = r.day and t.collector_id = r.collector_id and t.loan_id = r.loan_id
          where r.src is null or t.src is null or (r.customer_id, r.record_id, r.at, r.status, r.record_type,
            r.emi_number, r.payment_mode, r.amount, r.instalment, r.charges, r.interest_share, r.collected_at)
            is distinct from (t.customer_id, t.record_id, t.at, t.status, t.record_type, t.emi_number,
            t.payment_mode, t.amount, t.instalment, t.charges, t.interest_share, t.collected_at)
          order by 1, 2 limit ${limit}`),
      ).map((row) => `collection records ${row.day} of collector ${row.collector}`),
  ],
  readBy: ['GET /api/loans/agent/collection-report', 'GET /api/loans/agent/collection-report/export'],
});

/** The collections report's totals per day, collector, source, status and type. */
export const collectionDayTotals = defineFigure({
  name: 'collection-day-totals',
  meaning:
    "The Agent Collections report's records counted and summed per day, collector, source, status and record type: the report's grand totals and daily sums over any filter of days and collectors.",
  tables: ['collection_day_totals'],
  keeping: 'triggers',
  why: "The report's totals cover the whole filter, not a page: summing a month of records per call is too slow.",
  ledgerKinds: 'none',
  rebuild: 'rebuild_collection_day_totals()',
  checks: [
    compareKept({
      key: ['day', 'collector_id', 'src', 'status', 'record_type'],
      sums: ['records', 'amount', 'instalment', 'charges', 'interest_share'],
      definition: sql`
        select day, collector_id, src, status, record_type, count(*) as records, sum(amount) as amount,
          coalesce(sum(instalment), 0) as instalment, coalesce(sum(charges), 0) as charges,
          coalesce(sum(interest_share), 0) as interest_share
        from collection_records group by 1, 2, 3, 4, 5`,
      kept: sql`select day, collector_id, src, status, record_type, records, amount, instalment, charges,
        interest_share from collection_day_totals`,
      label: (row) => `collection totals ${row.day} of collector ${row.collector_id}`,
    }),
  ],
  readBy: ['GET /api/loans/agent/collection-report'],
});

import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/sql';

/**
 * The readers of `cash-day-totals` (figures/cash-day-totals.ts): each collector's cash rows per
 * business day, payment mode and kind, kept in the payment's transaction so that the collector's cash
 * in hand and the closed-day guard are exact for whoever acts next.
 */

/** A collector's held cash figures as of the end of `asOf` (every day when absent), in paise. */
export type HeldFigures = {
  collectorId: number;
  /** Cash collected − cash refunds paid, over the days. */
  net: number;
  /** Σ handed over by the books (received − difference). */
  relieved: number;
  /** The oldest day still held, first in first out (domain `oldestHeldDay`), or null. */
  oldest: string | null;
};

/**
 * Every collector's (or one's) held cash in one aggregate over the per-day cash totals and the
 * handovers: the running cash per day, oldest first, finds the first day not wholly relieved.
 */
export const heldFigures = async (
  tx: Executor,
  options: { collectorId?: number; before?: string; upTo?: string } = {},
): Promise<HeldFigures[]> => {
  const filters: SQL[] = [];
  if (options.before) filters.push(sql`business_date < ${options.before}`);
  if (options.upTo) filters.push(sql`business_date <= ${options.upTo}`);
  if (options.collectorId !== undefined) filters.push(sql`collector_id = ${options.collectorId}`);
  const where = (extra: SQL[]) => {
    const parts = [...filters, ...extra];
    return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
  };
  const result = await tx.execute(sql`
    with days as (
      select collector_id, business_date,
        sum(case when kind = 'collected' then amount else -amount end)::bigint as net
      from cash_day_totals ${where([sql`payment_mode = 'cash'`])}
      group by 1, 2
    ),
    relief as (
      select collector_id, sum(amount)::bigint as relieved from cash_handovers
      ${where([])} group by 1
    ),
    running as (
      select d.collector_id, d.business_date, d.net, coalesce(r.relieved, 0) as relieved,
        sum(d.net) over (partition by d.collector_id order by d.business_date) as run
      from days d left join relief r on r.collector_id = d.collector_id
    ),
    held as (
      select collector_id, sum(net) as net, min(business_date) filter (where run > relieved) as oldest
      from running group by 1
    )
    select coalesce(h.collector_id, r.collector_id) as "collectorId", coalesce(h.net, 0)::bigint as net,
      coalesce(r.relieved, 0)::bigint as relieved, h.oldest::text as oldest
    from held h full join relief r on r.collector_id = h.collector_id`);
  return rowsOf<{ collectorId: number; net: string; relieved: string; oldest: string | null }>(result).map(
    (row) => {
      const net = Number(row.net);
      const relieved = Number(row.relieved);
      return { collectorId: row.collectorId, net, relieved, oldest: net - relieved > 0 ? row.oldest : null };
    },
  );
};

/** One collector's kept cash rows of a day: a payment mode and ledger kind with its amount (paise, as text). */
export type CashDayRow = { collectorId: number; mode: string; kind: string; amount: string };

/** The kept cash rows of every collector (or one) on `day`. */
export const cashDayRows = async (tx: Executor, day: string, collectorId?: number): Promise<CashDayRow[]> => {
  const who = collectorId === undefined ? sql`` : sql`and collector_id = ${collectorId}`;
  return rowsOf<CashDayRow>(
    await tx.execute(sql`
      select collector_id as "collectorId", payment_mode as mode, kind, amount::text as amount
      from cash_day_totals where business_date = ${day} ${who}`),
  );
};

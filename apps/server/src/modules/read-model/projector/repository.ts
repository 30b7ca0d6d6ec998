import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/sql';

/** The tables projectors fold: the money ledger and the EMIs' change outbox. */
export type ProjectionSource = 'loan_ledger' | 'emi_changes';

/** A projected figure's watermark: every source row at or before it, in commit order, is folded in. */
export type Watermark = { throughTx: string; throughId: number; asOf: Date };

/** What one step did: whether it held the figure's lock, rows folded, and the watermark it left. */
export type Step = { locked: boolean; folded: number; to: Watermark | null };

/**
 * One step of a figure's projector in one statement (`kept_projection_step`: the horizon, the lock,
 * up to `maxRows` rows folded by the figure's fold function and the watermark moved with them).
 * Without `wait` a step whose lock another process holds answers `locked: false` at once.
 */
export const runProjectionStep = async (
  db: Executor,
  figure: string,
  fold: string,
  maxRows: number,
  wait: boolean,
): Promise<Step> => {
  const [row] = rowsOf<{
    locked: boolean;
    folded: number;
    through_tx: string | null;
    through_id: string | null;
    as_of: Date | string | null;
  }>(
    await db.execute(sql`select locked, folded, through_tx::text, through_id, as_of
      from kept_projection_step(${figure}, ${fold}, ${maxRows}::integer, ${wait})`),
  );
  if (!row?.locked) return { locked: false, folded: 0, to: null };
  const to =
    row.through_tx === null || row.through_id === null || row.as_of === null
      ? null
      : { throughTx: row.through_tx, throughId: Number(row.through_id), asOf: new Date(row.as_of) };
  return { locked: true, folded: Number(row.folded), to };
};

/** A figure's watermark as it stands (no lock), for answers that say as of when. */
export const readWatermark = async (db: Executor, figure: string): Promise<Watermark | null> => {
  const [row] = rowsOf<{ through_tx: string; through_id: string; as_of: Date | string }>(
    await db.execute(
      sql`select through_tx::text, through_id, as_of from kept_projections where figure = ${figure}`,
    ),
  );
  return row
    ? { throughTx: row.through_tx, throughId: Number(row.through_id), asOf: new Date(row.as_of) }
    : null;
};

/**
 * A source's rows after a figure's watermark, as a FROM item `g`. The ledger's come from
 * `ledger_rows_after_watermark`, planned with the watermark's values (read in a subquery, it is
 * unknown to the planner, which then scans the whole ledger); the EMI outbox is emptied by each fold,
 * so a plain filter over it is cheap.
 */
const rowsAfterWatermark = (figure: string, source: ProjectionSource): SQL =>
  source === 'loan_ledger'
    ? sql`ledger_rows_after_watermark(${figure}) g`
    : sql`(select c.* from emi_changes c where c.tx is not null and (c.tx, c.id) > (
          coalesce((select w.through_tx from kept_projections w where w.figure = ${figure}), '0'::xid8),
          coalesce((select w.through_id from kept_projections w where w.figure = ${figure}), 0))) g`;

/**
 * How far a projected figure trails its source: rows after its watermark, and its watermark's time.
 * A figure never folded has no watermark yet: every source row is behind it.
 */
export const projectionLag = async (
  db: Executor,
  figure: string,
  source: ProjectionSource,
): Promise<{ behind: number; asOf: Date | null }> => {
  const [row] = rowsOf<{ behind: string | null; as_of: Date | string | null }>(
    await db.execute(sql`select (select count(*) from ${rowsAfterWatermark(figure, source)}) as behind,
        (select w.as_of from kept_projections w where w.figure = ${figure}) as as_of`),
  );
  return { behind: Number(row?.behind ?? 0), asOf: row?.as_of ? new Date(row.as_of) : null };
};

/** The first transaction id not yet started when this is asked: every change committed before it is below. */
export const transactionsStartedBefore = async (db: Executor): Promise<string> => {
  const [row] = rowsOf<{ xmax: string }>(
    await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`),
  );
  if (!row) throw new Error('no snapshot');
  return row.xmax;
};

/** Whether source rows of transactions started before `before` are still after the figure's watermark. */
export const rowsBehindBefore = async (
  db: Executor,
  figure: string,
  source: ProjectionSource,
  before: string,
): Promise<boolean> => {
  const [row] = rowsOf<{ behind: boolean }>(
    await db.execute(sql`select exists (select 1 from ${rowsAfterWatermark(figure, source)}
        where g.tx < ${before}::xid8) as behind`),
  );
  return row?.behind === true;
};

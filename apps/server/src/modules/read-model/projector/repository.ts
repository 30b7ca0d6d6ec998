import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/sql';

/** A projected figure's watermark: every source row at or before it, in commit order, is folded in. */
export type Watermark = { throughTx: string; throughId: number; asOf: Date };

/** What one fold did: the last row it folded (null when none) and how many. */
export type Fold = { throughTx: string | null; throughId: number | null; folded: number };

/**
 * Takes the figure's projector lock, then its watermark row, created at the start when missing.
 * Without `wait` it does not wait: null when another process holds the lock (that one is bringing the
 * figure up to date). With it, a reader waits for that fold to commit, so that it can fold what is left.
 */
export const lockWatermark = async (
  tx: Executor,
  figure: string,
  options: { wait?: boolean } = {},
): Promise<Watermark | null> => {
  if (options.wait) {
    await tx.execute(sql`select kept_projection_lock(${figure})`);
  } else {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtextextended(${`kept:${figure}`}, 0)) as locked`,
      ),
    );
    if (!lock?.locked) return null;
  }
  await tx.execute(sql`insert into kept_projections (figure, through_tx, through_id, as_of)
    values (${figure}, '0'::xid8, 0, statement_timestamp()) on conflict (figure) do nothing`);
  const [row] = rowsOf<{ through_tx: string; through_id: string; as_of: Date | string }>(
    await tx.execute(sql`select through_tx::text, through_id, as_of from kept_projections
      where figure = ${figure} for update`),
  );
  if (!row) throw new Error(`no watermark for ${figure}`);
  return { throughTx: row.through_tx, throughId: Number(row.through_id), asOf: new Date(row.as_of) };
};

/**
 * The oldest transaction still running at this statement's snapshot (this one's own included once it
 * wrote): every source row of a transaction before it is final, committed or gone.
 */
export const commitHorizon = async (tx: Executor): Promise<{ horizon: string; at: Date }> => {
  const [row] = rowsOf<{ horizon: string; at: Date | string }>(
    await tx.execute(
      sql`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon, statement_timestamp() as at`,
    ),
  );
  if (!row) throw new Error('no snapshot');
  return { horizon: row.horizon, at: new Date(row.at) };
};

/** Runs one fold of a figure's SQL function (`<name>_fold(after_tx, after_id, before, max)`). */
export const runFold = async (
  tx: Executor,
  fold: string,
  after: Watermark,
  horizon: string,
  maxRows: number,
): Promise<Fold> => {
  const [row] = rowsOf<{ through_tx: string | null; through_id: string | null; folded: number }>(
    await tx.execute(sql`select through_tx::text, through_id, folded
      from ${sql.identifier(fold)}(${after.throughTx}::xid8, ${after.throughId}::bigint, ${horizon}::xid8, ${maxRows}::integer)`),
  );
  return {
    throughTx: row?.through_tx ?? null,
    throughId: row?.through_id === null || row?.through_id === undefined ? null : Number(row.through_id),
    folded: Number(row?.folded ?? 0),
  };
};

/** Moves a figure's watermark (in the fold's transaction: both land or neither). */
export const moveWatermark = async (tx: Executor, figure: string, to: Watermark, folded: number) => {
  await tx.execute(sql`update kept_projections set through_tx = ${to.throughTx}::xid8, through_id = ${to.throughId},
    as_of = ${to.asOf.toISOString()}::timestamptz, folded = folded + ${folded} where figure = ${figure}`);
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
 * How far a projected figure trails its source: rows after its watermark, and its watermark's time.
 * A figure never folded has no watermark yet: every source row is behind it.
 */
export const projectionLag = async (
  db: Executor,
  figure: string,
  source: string,
): Promise<{ behind: number; asOf: Date | null }> => {
  const [row] = rowsOf<{ behind: string | null; as_of: Date | string | null }>(
    await db.execute(sql`select (select count(*) from ${sql.identifier(source)} g
        where g.tx is not null and (g.tx, g.id) > (
          coalesce((select w.through_tx from kept_projections w where w.figure = ${figure}), '0'::xid8),
          coalesce((select w.through_id from kept_projections w where w.figure = ${figure}), 0))) as behind,
        (select w.as_of from kept_projections w where w.figure = ${figure}) as as_of`),
  );
  return { behind: Number(row?.behind ?? 0), asOf: row?.as_of ? new Date(row.as_of) : null };
};

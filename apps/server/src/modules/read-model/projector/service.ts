import type { Db } from '../../../db/client';
import {
  type ProjectionSource,
  projectionLag,
  readWatermark,
  rowsBehindBefore,
  runProjectionStep,
  transactionsStartedBefore,
  type Watermark,
} from './repository';

/**
 * A figure brought up to date by a projector: its name (its watermark's), its SQL fold function, the
 * table it folds (the ledger, or the outbox of EMI changes) and other figures the same fold moves.
 */
export type Projection = {
  figure: string;
  fold: string;
  source: ProjectionSource;
  alsoFolds?: readonly string[];
};

/** Every projected figure; the rest are kept by triggers in the writing transaction. */
export const PROJECTIONS: readonly Projection[] = [
  { figure: 'ledger-day-totals', fold: 'ledger_day_totals_fold', source: 'loan_ledger' },
  { figure: 'collection-records', fold: 'collection_records_fold', source: 'loan_ledger' },
  { figure: 'loan-money-totals', fold: 'loan_money_totals_fold', source: 'loan_ledger' },
  {
    figure: 'emi-day-totals',
    fold: 'emi_day_totals_fold',
    source: 'emi_changes',
    alsoFolds: ['list-totals', 'oldest-open-emi', 'overdue-loan-days'],
  },
];

/** What one catch-up did: rows folded, whether it reached the commit horizon, and as of when the figure is. */
export type CatchUp = { figure: string; folded: number; caughtUp: boolean; asOf: Date | null };

const ORIGIN: Watermark = { throughTx: '0', throughId: 0, asOf: new Date(0) };

/**
 * Brings one projected figure up to date: batches until the rows before the commit horizon are all
 * in (or `maxBatches` ran, so that a reader never waits on a long backlog). When another process
 * holds the figure's lock it answers at once with the watermark as it stands.
 */
export const catchUp = async (
  db: Db,
  projection: Projection,
  options: { batchRows?: number; maxBatches?: number; wait?: boolean } = {},
): Promise<CatchUp> => {
  const { batchRows = 5_000, maxBatches = 20, wait = false } = options;
  let folded = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const step = await runProjectionStep(db, projection.figure, projection.fold, batchRows, wait);
    if (!step.locked) break;
    folded += step.folded;
    if (step.folded < batchRows)
      return { figure: projection.figure, folded, caughtUp: true, asOf: step.to?.asOf ?? null };
  }
  const mark = (await readWatermark(db, projection.figure)) ?? ORIGIN;
  return {
    figure: projection.figure,
    folded,
    caughtUp: false,
    asOf: mark.throughTx === '0' ? null : mark.asOf,
  };
};

/**
 * Brings a projected figure up to the commit horizon before a reader reads it, waiting for a fold
 * another process is running: the reader then sees every change committed before its call (its own
 * payment included) and the projector's work stays off the payment's transaction. Answers as of when.
 */
export const settleFigure = async (db: Db, figure: string): Promise<Date | null> => {
  const projection = projectionOf(figure);
  // Nothing committed after the watermark: read at once, without queueing behind other readers' folds.
  const lag = await projectionLag(db, projection.figure, projection.source);
  if (lag.behind === 0) return lag.asOf;
  const callStart = await transactionsStartedBefore(db);
  // A transaction still running (of any database of the server) holds the horizon back, and the rows of
  // those that committed before this call wait behind it: wait for it a moment, then answer as of when.
  const deadline = Date.now() + 2_000;
  for (;;) {
    const caught = await catchUp(db, projection, { wait: true, maxBatches: 4 });
    if (!caught.caughtUp || Date.now() > deadline) return caught.asOf;
    if (!(await rowsBehindBefore(db, projection.figure, projection.source, callStart))) return caught.asOf;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** The projection that folds a figure, by the figure's name (a figure not projected is a programming error). */
export const projectionOf = (figure: string): Projection => {
  const projection = PROJECTIONS.find(
    (candidate) => candidate.figure === figure || candidate.alsoFolds?.includes(figure),
  );
  if (!projection) throw new Error(`${figure} is not a projected figure`);
  return projection;
};

/** Every projected figure's lag: source rows not folded in yet and the watermark's time (System Status). */
export const projectionLags = async (db: Db) =>
  Promise.all(
    PROJECTIONS.map(async (projection) => ({
      figure: projection.figure,
      ...(await projectionLag(db, projection.figure, projection.source)),
    })),
  );

/**
 * Catches a figure up until no source row is left after its watermark (a transaction of another
 * session, on any database of the server, can hold the horizon back for a moment): for tests, tools
 * and rebuilds. Fails after `timeoutMs`.
 */
export const catchUpFully = async (db: Db, projection: Projection, timeoutMs = 30_000): Promise<number> => {
  const started = Date.now();
  let folded = 0;
  for (;;) {
    folded += (await catchUp(db, projection)).folded;
    const [lag] = (await projectionLags(db)).filter((candidate) => candidate.figure === projection.figure);
    if (lag?.behind === 0) return folded;
    if (Date.now() - started > timeoutMs)
      throw new Error(`${projection.figure} is still ${lag?.behind} rows behind`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Every projected figure caught up fully (see `catchUpFully`): for tests and tools that read kept rows. */
export const catchUpEveryFigure = async (db: Db, timeoutMs = 30_000): Promise<void> => {
  for (const projection of PROJECTIONS) await catchUpFully(db, projection, timeoutMs);
};

import { addDays, daysBetween, type IsoDate } from '@lending/domain';
import type { Db, Executor } from '../../../db/client';
import { settleFigure } from '../projector/service';
import { keptBookToday, keptCollected, keptDated, rowsDatedAfter } from './kept-repository';
import type { AgentAmount, BookRow, RiskRow } from './repository';
import {
  riskOverDaysByAgentAndBucket,
  storeDays,
  storedDays,
  storedRisk,
  withoutJit,
} from './stored-repository';

/** How many closed days housekeeping keeps stored: the PAR trend's longest reach. */
export const STORED_DAYS = 90;

const daysFrom = (from: IsoDate, through: IsoDate): IsoDate[] =>
  Array.from({ length: Math.max(0, daysBetween(from, through) + 1) }, (_, i) => addDays(from, i));

/**
 * Runs the reads of one portfolio answer once the loans' money totals are brought up to this moment
 * (the projector folds a payment's ledger rows in after it commits), in one read-only transaction
 * without JIT (see `withoutJit`).
 */
export const readPortfolio = async <T>(db: Db, read: (tx: Executor) => Promise<T>): Promise<T> => {
  await settleFigure(db, 'loan-money-totals');
  return withoutJit(db, read);
};

/**
 * Where each figure is read from (docs/portfolio.md, "How it is computed"): today from the kept rows,
 * a stored closed day when housekeeping stored it, else the maintained per-loan totals less the rows
 * dated after the day. All answer the definitions of `repository.ts` exactly; only their cost differs.
 */
export const portfolioFigures = (db: Executor, today: IsoDate) => {
  /**
   * Risk rows (with arrears) by agent and bucket at the end of each day from `from` to `through`
   * (≤ today); `byAgent` false lets the stored days answer one row per bucket (the trend's whole book).
   */
  const riskOver = async (
    from: IsoDate,
    through: IsoDate,
    byAgent = true,
  ): Promise<Map<IsoDate, RiskRow[]>> => {
    const byDay = new Map<IsoDate, RiskRow[]>(daysFrom(from, through).map((d) => [d, []]));
    const stored =
      through < today ? await storedDays(db, from, through) : await storedDays(db, from, addDays(today, -1));
    if (stored.size > 0) {
      for (const row of await storedRisk(db, from, through, byAgent)) byDay.get(row.day)?.push(row);
    }
    const missing = [...byDay.keys()].filter((d) => !stored.has(d));
    const first = missing[0];
    if (first !== undefined) {
      for (const row of await riskOverDaysByAgentAndBucket(db, first, through)) {
        if (!stored.has(row.day)) byDay.get(row.day)?.push(row);
      }
    }
    return byDay;
  };

  /**
   * Loans and outstanding principal by agent and bucket at the end of each day from `from` to
   * `through` (≤ today): today from the kept groups, unless a row is dated after today. With `byAgent`
   * false, rows may be summed over agents (agent null): enough for whole-book figures.
   */
  const bookOver = async (
    from: IsoDate,
    through: IsoDate,
    byAgent = true,
  ): Promise<Map<IsoDate, BookRow[]>> => {
    if (through < today || (await rowsDatedAfter(db, today))) return riskOver(from, through, byAgent);
    const yesterday = addDays(today, -1);
    const byDay: Map<IsoDate, BookRow[]> =
      from <= yesterday ? await riskOver(from, yesterday, byAgent) : new Map();
    byDay.set(today, await keptBookToday(db, today));
    return byDay;
  };

  return {
    riskOver,
    bookOver,
    /** Instalment money collected in cash from `from` to `through`, by agent (kept per day). */
    collected: (from: IsoDate, through: IsoDate): Promise<AgentAmount[]> => keptCollected(db, from, through),
    /** Instalments dated from `from` to `through`, by agent (kept per day). */
    dated: (from: IsoDate, through: IsoDate): Promise<AgentAmount[]> => keptDated(db, from, through),
  };
};

/**
 * Stores the closed days of the last `STORED_DAYS` not stored yet (housekeeping, hourly): the day
 * that just closed, or every day again after a change deleted them. Answers how many it stored.
 */
export const storeClosedDays = async (db: Executor, today: IsoDate): Promise<number> => {
  const from = addDays(today, -STORED_DAYS);
  const through = addDays(today, -1);
  const stored = await storedDays(db, from, through);
  const missing = daysFrom(from, through).filter((d) => !stored.has(d));
  await storeDays(db, missing);
  return missing.length;
};

import { addDays, daysBetween, type IsoDate } from '@lending/domain';
import type { Executor } from '../../db/client';
import { type AgentAmount, collectedByAgent, type RiskRow } from './repository';
import {
  riskOverDaysByAgentAndBucket,
  storeDays,
  storedCollected,
  storedDays,
  storedRisk,
} from './stored-repository';

/** How many closed days housekeeping keeps stored: the PAR trend's longest reach. */
export const STORED_DAYS = 90;

const daysFrom = (from: IsoDate, through: IsoDate): IsoDate[] =>
  Array.from({ length: Math.max(0, daysBetween(from, through) + 1) }, (_, i) => addDays(from, i));

/**
 * Where each figure is read from (docs/portfolio.md, "How it is computed"): a stored closed day when
 * housekeeping stored it, else the maintained per-loan totals less the rows dated after the day.
 * Both answer the definitions of `repository.ts` exactly; only their cost differs.
 */
export const portfolioFigures = (db: Executor, today: IsoDate) => ({
  /** Risk rows by agent and bucket at the end of each day from `from` to `through` (≤ today). */
  async riskOver(from: IsoDate, through: IsoDate): Promise<Map<IsoDate, RiskRow[]>> {
    const byDay = new Map<IsoDate, RiskRow[]>(daysFrom(from, through).map((d) => [d, []]));
    const stored =
      through < today ? await storedDays(db, from, through) : await storedDays(db, from, addDays(today, -1));
    if (stored.size > 0) {
      for (const row of await storedRisk(db, from, through)) byDay.get(row.day)?.push(row);
    }
    const missing = [...byDay.keys()].filter((d) => !stored.has(d));
    const first = missing[0];
    if (first !== undefined) {
      for (const row of await riskOverDaysByAgentAndBucket(db, first, through)) {
        if (!stored.has(row.day)) byDay.get(row.day)?.push(row);
      }
    }
    return byDay;
  },

  /** Instalment money collected in cash from `from` to `through` (≤ today), by agent. */
  async collected(from: IsoDate, through: IsoDate): Promise<AgentAmount[]> {
    const closedThrough = through < today ? through : addDays(today, -1);
    const closed = daysFrom(from, closedThrough);
    if (closed.length === 0 || (await storedDays(db, from, closedThrough)).size < closed.length) {
      return collectedByAgent(db, from, through);
    }
    const stored = await storedCollected(db, from, closedThrough);
    return through < today ? stored : [...stored, ...(await collectedByAgent(db, today, today))];
  },
});

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

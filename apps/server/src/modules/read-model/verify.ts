import type { Executor } from '../../db/client';
import type { KeptFigure } from './figure';
import { KEPT_FIGURES } from './figures';

/**
 * Every kept figure against its definition (`npm run verify`), in the caller's transaction (the
 * books check runs it in the snapshot it reads the loans in): at most `limit` labels per check, as
 * 'ledger 2026-11-20 collected' or 'EMI states 2026-11-20 of agent 7'; empty when all agree.
 */
export const keptFigureMismatches = async (
  db: Executor,
  limit = 20,
  figures: readonly KeptFigure[] = KEPT_FIGURES,
): Promise<string[]> => {
  const found: string[] = [];
  for (const figure of figures) for (const check of figure.checks) found.push(...(await check(db, limit)));
  return found;
};

import type { LedgerKind } from '@lending/domain';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * How a figure is brought up to date. `triggers`: by the database in the transaction of the change
 * that moves it (its SQL file), so it is exact the moment that change commits. `projector`: folded in
 * after the change commits, from its source rows in commit order (its SQL file's fold function); it
 * trails by a moment and its readers say as of when. `housekeeping`: folded or stored by the hourly
 * housekeeping run from rows that no longer change.
 */
export type Keeping = 'triggers' | 'projector' | 'housekeeping';

/** A check of a kept figure for `npm run verify`: what differs from its definition, as readable labels. */
export type FigureCheck = (db: Executor, limit: number) => Promise<string[]>;

/** Which ledger rows a figure counts: none, rows of the kinds named, or every kind (keyed by kind). */
export type LedgerKinds = 'none' | 'every kind' | readonly LedgerKind[];

/**
 * One kept figure: every fact about it in one place. The defining query over the ledger, EMIs and
 * loans stays the truth; the kept rows are a copy that answers fast, checked against it by `checks`.
 */
export type KeptFigure = {
  /** Its name; also its file of current SQL (`sql/<name>.sql`) when triggers keep it. */
  name: string;
  /** What it means, in a lender's words. */
  meaning: string;
  /** The tables (or `table.column`) that hold it. */
  tables: readonly string[];
  keeping: Keeping;
  /** Why it is kept this way rather than another. */
  why: string;
  /** The ledger rows it counts; a new ledger kind must be decided for each figure not `none`. */
  ledgerKinds: LedgerKinds;
  /** The SQL that recomputes it from its rows (after a bulk load with triggers off), if any. */
  rebuild: string | null;
  /** Its checks in `npm run verify`: kept rows against the defining query. */
  checks: readonly FigureCheck[];
  /** The calls that answer from it (method and path as registered) and other readers. */
  readBy: readonly string[];
};

/** A comparison of kept rows with the same rows computed from their definition. */
export type Comparison = {
  /** The columns both sides are keyed by; the join uses `=` so that PostgreSQL can hash it. */
  key: readonly string[];
  /** Sums compared with a missing row counting as zeros. */
  sums: readonly string[];
  /** The defining query: key and sums from the ledger, EMIs, loans or users. */
  definition: SQL;
  /** The kept rows: key and sums, shards summed where a figure is sharded. */
  kept: SQL;
  /** The label of one differing key, from its columns as text. */
  label: (row: Record<string, string>) => string;
};

/** A figure's declaration, checked for a name that can also be a file name. */
export const defineFigure = (figure: KeptFigure): KeptFigure => {
  if (!/^[a-z]+(-[a-z]+)*$/.test(figure.name))
    throw new Error(`figure name ${figure.name} is not kebab-case`);
  return figure;
};

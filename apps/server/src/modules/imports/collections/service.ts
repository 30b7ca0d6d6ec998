import { collectionMatchKeys, type IsoDate, type Paise, type PaymentMode } from '@lending/domain';
import type { Executor, Tx } from '../../../db/client';
import { type AuthUser, toAuthUser } from '../../../platform/access';
import type { Actor } from '../../../platform/audit';
import type { AppDeps } from '../../../platform/deps';
import { AppError, notFound } from '../../../platform/errors';
import { sha256 } from '../../../platform/tokens';
import { findUserWithRoleById } from '../../users';
import { payCollection } from './pay';
import {
  claimCollection,
  insertCollectionsIfNew,
  lockCollectionImports,
  type NewImportedCollection,
  resolveCollection,
} from './repository';

/**
 * A checked collection row of an import whose loan was found: what the row says (the loan as written,
 * the amount, the day received, the mode, the UTR, the collector resolved to a user) and the loan.
 */
export type ImportedCollection = {
  loanId: number;
  amount: Paise;
  date: IsoDate;
  mode: PaymentMode;
  utr: string | null;
  /** The collector the row names; null: the admin importing it. */
  collectedBy: number | null;
  sheet: string;
  rowNumber: number;
  /** The loan as the row names it: part of the key of a row without a UTR. */
  loanText: string;
};

/** A collection row no loan could be found for, with why (the row's loan error in the product's words). */
export type CollectionToMatch = Omit<ImportedCollection, 'loanId'> & { reason: string };

/** What an import's collection rows came to: paid now, already imported before (skipped), left to match. */
export type ImportedCollectionCounts = { paid: number; alreadyPaid: number; toMatch: number };

/** The admin whose import pays the rows: the audit rows' user, and the collector of a row naming none. */
export type ImportingAdmin = Actor & { userId: number };

const keysOf = (rows: readonly Omit<ImportedCollection, 'loanId'>[]) => collectionMatchKeys(rows, sha256);

/** What a row said, as its `import_collections` row keeps it. */
const recordOf = (importId: number, row: Omit<ImportedCollection, 'loanId'>, matchKey: string) => ({
  matchKey,
  importId,
  sheet: row.sheet,
  rowNumber: row.rowNumber,
  loanText: row.loanText,
  amount: row.amount,
  collectedOn: row.date,
  paymentMode: row.mode,
  utr: row.utr,
  collectedBy: row.collectedBy,
});

/** A collector as the money frame's caller, or null when no such user is in the book. */
export const findCollector = async (tx: Executor, id: number): Promise<AuthUser | null> => {
  const found = await findUserWithRoleById(tx, id);
  return found && toAuthUser(found);
};

/** The collectors of one import as the money frame's caller, each read once. */
const collectorsOf = () => {
  const known = new Map<number, AuthUser | null>();
  return async (tx: Executor, id: number): Promise<AuthUser> => {
    if (!known.has(id)) known.set(id, await findCollector(tx, id));
    const collector = known.get(id);
    if (!collector) throw notFound('The collector this row names is no longer in the book');
    return collector;
  };
};

/** Orders work so that two imports take the same locks in the same order: by loan, then by key. */
const byLoanThenKey = (a: { loanId: number; key: string }, b: { loanId: number; key: string }) =>
  a.loanId - b.loanId || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * Pays an import's collection rows, in the import's own transaction `tx` (docs/lending-rules.md "An
 * amount received"). Each row first claims its key (its UTR, else what it says:
 * `collectionMatchKeys`) in `import_collections`; a key already there (this file or another imported
 * before, paid, waiting or dismissed) is skipped and counted as already paid. A claimed row is paid
 * through the money frame (`payCollection`) in a savepoint of its own: a refusal (the loan no longer
 * running, the collector's cash day closed) undoes only that row, which is then kept to be matched by
 * hand with the refusal as its reason. Pass every collection row of the upload in one call: identical
 * rows without a UTR are told apart by their count within it. Imports writing collection rows take
 * turns (`lockCollectionImports`), so two at once never wait on each other in a circle; within one,
 * rows go by loan, then key.
 */
export const payImportedCollections = async (
  deps: Pick<AppDeps, 'clock'>,
  tx: Tx,
  importId: number,
  records: readonly ImportedCollection[],
  by: ImportingAdmin,
): Promise<ImportedCollectionCounts> => {
  await lockCollectionImports(tx);
  const keys = keysOf(records);
  const work = records
    .map((record, index) => ({ record, loanId: record.loanId, key: keys[index] ?? '' }))
    .sort(byLoanThenKey);
  const collectorOf = collectorsOf();
  const counts: ImportedCollectionCounts = { paid: 0, alreadyPaid: 0, toMatch: 0 };
  for (const { record, key } of work) {
    const row = recordOf(importId, record, key);
    try {
      const paid = await tx.transaction(async (savepoint) => {
        const id = await claimCollection(savepoint, { ...row, status: 'paid', loanId: record.loanId });
        if (id === null) return false;
        const collector = await collectorOf(savepoint, record.collectedBy ?? by.userId);
        const done = await payCollection(deps, savepoint, {
          ...{ collectionId: id, importId, loanId: record.loanId, amount: record.amount },
          ...{ date: record.date, mode: record.mode, utr: record.utr, collector, audit: by },
        });
        await resolveCollection(savepoint, id, { paymentId: done.paymentIds[0] ?? null });
        return true;
      });
      counts[paid ? 'paid' : 'alreadyPaid'] += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const held = await insertCollectionsIfNew(tx, [{ ...row, status: 'to_match', reason: error.message }]);
      counts[held > 0 ? 'toMatch' : 'alreadyPaid'] += 1;
    }
  }
  return counts;
};

/**
 * Keeps an import's collection rows no loan could be found for, to be matched by hand (GET
 * /imports/to-match), each under its key like a paid row, so a re-upload adds none of them twice and
 * none of them is paid later by another file naming the loan the same way. Pass every such row of the
 * upload in one call (see payImportedCollections).
 */
export const holdCollectionsToMatch = async (
  tx: Executor,
  importId: number,
  rows: readonly CollectionToMatch[],
): Promise<ImportedCollectionCounts> => {
  await lockCollectionImports(tx);
  const keys = keysOf(rows);
  const values: NewImportedCollection[] = rows
    .map((row, index) => ({
      ...recordOf(importId, row, keys[index] ?? ''),
      status: 'to_match',
      reason: row.reason,
    }))
    .sort((a, b) => (a.matchKey < b.matchKey ? -1 : a.matchKey > b.matchKey ? 1 : 0));
  const inserted = await insertCollectionsIfNew(tx, values);
  return { paid: 0, alreadyPaid: rows.length - inserted, toMatch: inserted };
};

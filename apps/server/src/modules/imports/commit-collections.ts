import type { CollectionRecord } from '@lending/domain';
import type { CheckedRow } from './checker';
import { holdCollectionsToMatch, payImportedCollections } from './collections';
import { type CommitContext, idOf, idOrNull } from './commit-context';

/** What recording the collections did: payments made, rows paid by an earlier import, rows left to match. */
export type RecordedCollections = { paid: number; alreadyPaid: number; toMatch: number };

/**
 * Gathers a batch of a Collections sheet: each row to be paid to its loan, or, when its loan was
 * found nowhere, to wait in the "to match" list. Nothing is paid yet: a row without a UTR is keyed by
 * what it says and its count among identical rows of the whole upload, so every row must be seen
 * before any is keyed (two genuine ₹100 payments split over two batches would otherwise share a key).
 */
export const gatherCollections = (context: CommitContext, sheet: string, rows: readonly CheckedRow[]) => {
  for (const row of rows) {
    if (row.record) {
      const { loan, collectedBy, ...fields } = row.record as CollectionRecord;
      context.collections.toPay.push({
        ...fields,
        sheet,
        rowNumber: row.rowNumber,
        loanId: idOf(loan, context.ids.loans, 'loan'),
        collectedBy: idOrNull(collectedBy, context.ids.agents, 'agent'),
      });
    } else if (row.unmatched) {
      const { collectedBy, ...fields } = row.unmatched;
      context.collections.toMatch.push({
        ...fields,
        sheet,
        rowNumber: row.rowNumber,
        collectedBy: idOrNull(collectedBy, context.ids.agents, 'agent'),
      });
    }
  }
};

/**
 * Records the gathered collections in the commit's transaction, once every loan of the file is
 * written: paid through the money path (each key claimed once, so a re-upload pays nothing twice)
 * or kept to be matched by hand.
 */
export const recordCollections = async (context: CommitContext): Promise<RecordedCollections> => {
  const { toPay, toMatch } = context.collections;
  const userId = context.actor.userId;
  if (userId === null) throw new Error('import commit: collections need the admin who imports them');
  const by = { ...context.actor, userId };
  const paid =
    toPay.length > 0
      ? await payImportedCollections(context.deps, context.tx, context.importId, toPay, by)
      : null;
  const held =
    toMatch.length > 0 ? await holdCollectionsToMatch(context.tx, context.importId, toMatch) : null;
  return {
    paid: paid?.paid ?? 0,
    alreadyPaid: (paid?.alreadyPaid ?? 0) + (held?.alreadyPaid ?? 0),
    toMatch: (paid?.toMatch ?? 0) + (held?.toMatch ?? 0),
  };
};

import { type CollectionKeyInput, type CollectionRecord, collectionKeyer } from '@lending/domain';
import type { Executor } from '../../../db/client';
import { sha256 } from '../../../platform/tokens';
import type { CheckedRow } from '../checker';
import { takenCollectionKeys } from './repository';

// A collector named on a new agent row has no user id until the commit: no earlier import can have
// recorded a row keyed by it, so any id that never exists keys it apart (a row with a UTR is keyed by
// the UTR alone and is still found).
const NOT_YET_A_USER = -1;

/**
 * The check's count of collection rows an earlier import already recorded (paid, waiting or
 * dismissed), which the commit will skip: each row keyed as the commit will key it (`collectionKeyer`,
 * rows whose loan was found and rows to match counted apart, in file order), the keys looked up a
 * batch at a time. So a statement uploaded again is flagged at the dry run, not only at the commit.
 */
export const createAlreadyImportedCounter = (db: Executor) => {
  const keyOfFound = collectionKeyer(sha256);
  const keyOfToMatch = collectionKeyer(sha256);
  return async (checked: readonly CheckedRow[]): Promise<number> => {
    const keys: string[] = [];
    for (const row of checked) {
      if (row.errors.length > 0) continue;
      const fields = row.record ? (row.record as CollectionRecord) : row.unmatched;
      if (!fields) continue;
      const { collectedBy } = fields;
      const input: CollectionKeyInput = {
        ...{ loanText: fields.loanText, amount: fields.amount, date: fields.date },
        ...{ mode: fields.mode, utr: fields.utr },
        collectedBy:
          collectedBy === null ? null : collectedBy.in === 'book' ? collectedBy.id : NOT_YET_A_USER,
      };
      keys.push(row.record ? keyOfFound(input) : keyOfToMatch(input));
    }
    return keys.length === 0 ? 0 : (await takenCollectionKeys(db, keys)).size;
  };
};

import type { PaymentMode } from '../lending/types';
import { formatRupees, type Paise } from '../money/paise';
import type { IsoDate } from '../time/ist';
import { referenceKey } from './seen';

/** What an imported collection row says, as far as its key is made of it. */
export type CollectionKeyInput = {
  /** The loan as the row names it (code, mobile or reference), as written: not the loan it resolved to. */
  loanText: string;
  amount: Paise;
  date: IsoDate;
  mode: PaymentMode;
  utr: string | null;
  /** The collector the row names, resolved to a user (null when the row names none). */
  collectedBy: number | null;
};

/**
 * The text a row without a reference is keyed by: what it says, in a fixed order and form (the loan
 * text compared as references are: upper case, runs of spaces as one). The server hashes it.
 */
export const collectionRowText = (row: CollectionKeyInput): string =>
  JSON.stringify([referenceKey(row.loanText.trim()), row.amount, row.date, row.mode, row.collectedBy]);

/**
 * Each row's key in `import_collections` (docs/lending-rules.md "An amount received"), in order:
 * `utr:<reference>` for a row with a bank or UPI reference (one payment whatever else the row says),
 * else `row:<digest of what it says>:<n>`, n counting the identical rows before it in `rows` (1 for
 * the first). So a file uploaded again, or a later sheet that repeats it, gives the same keys, while
 * two genuine identical payments in one file (₹100 twice on the same day) are two keys, not one.
 * `rows` must be every collection row of one upload, for the count to be the same each time.
 */
export const collectionMatchKeys = (
  rows: readonly CollectionKeyInput[],
  digest: (text: string) => string,
): string[] => {
  const keyOf = collectionKeyer(digest);
  return rows.map(keyOf);
};

/**
 * The keys of `collectionMatchKeys` one row at a time, in the upload's order: what the check uses to
 * tell, batch after batch, which rows an earlier import already recorded, with the commit's keys.
 */
export const collectionKeyer = (digest: (text: string) => string) => {
  const seen = new Map<string, number>();
  return (row: CollectionKeyInput): string => {
    const utr = row.utr?.trim();
    if (utr) return `utr:${referenceKey(utr)}`;
    const hash = digest(collectionRowText(row));
    const n = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, n);
    return `row:${hash}:${n}`;
  };
};

const rupees = (paise: Paise) => formatRupees(paise, 2);

/** What the server says of an imported collection matched or dismissed, and why its rest is held cash. */
export const importCollectionMessages = {
  /** The answer of a match: where the money went. */
  matched: (loanCode: string, paid: { emis: number; paid: Paise; held: Paise }) =>
    [
      `${rupees(paid.paid + paid.held)} recorded on ${loanCode}`,
      paid.emis > 0 ? `${paid.emis} ${paid.emis === 1 ? 'EMI' : 'EMIs'} paid (${rupees(paid.paid)})` : null,
      paid.held > 0 ? `${rupees(paid.held)} held as credit` : null,
    ]
      .filter((part) => part !== null)
      .join('; '),
  dismissed: 'The collection is dismissed: it will not be paid to any loan',
  /** The `reason` of the held-cash audit row of an imported collection's rest. */
  heldReason: 'imported collection: what no EMI due took in full',
} as const;

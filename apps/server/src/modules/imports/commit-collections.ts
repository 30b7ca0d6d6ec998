import type { CollectionRecord, IsoDate, Paise, PaymentMode } from '@lending/domain';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import type { CheckedRow } from './checker';
import { type CommitContext, idOf, idOrNull } from './commit-context';

/**
 * A row of a Collections sheet ready to be recorded: paid to its loan (`loanId`), or, when its loan
 * was found nowhere (`loanId` null), kept in the "to match" list with the loan as written and why.
 */
export type ImportedCollection = {
  sheet: string;
  rowNumber: number;
  loanId: number | null;
  /** The loan as the row wrote it (only for a row left to match). */
  loanText: string | null;
  reason: string | null;
  amount: Paise;
  date: IsoDate;
  mode: PaymentMode;
  utr: string | null;
  collectedById: number | null;
};

/** What recording a batch of collections did: payments made, rows left to match. */
export type RecordedCollections = { paid: number; toMatch: number };

type PayImportedCollections = (
  deps: AppDeps,
  tx: Tx,
  importId: number,
  records: readonly ImportedCollection[],
) => Promise<RecordedCollections>;

// ─── WIRING POINT (collections) ─────────────────────────────────────────────────────────────────
// `payImportedCollections(deps, tx, importId, records)` (the money path, `import_collections` keyed
// once per row) is being written beside this. When it lands, delete this stand-in and import it.
// Until then an import with collections fails its commit here, inside its transaction.
const payImportedCollections: PayImportedCollections = async () => {
  throw new Error('not wired yet');
};
// ────────────────────────────────────────────────────────────────────────────────────────────────

/** Records a batch of a Collections sheet: every row paid to its loan or left to match. */
export const commitCollections = async (
  context: CommitContext,
  sheet: string,
  rows: readonly CheckedRow[],
): Promise<RecordedCollections> => {
  const records = rows.flatMap((row): ImportedCollection[] => {
    const fields = row.record ? (row.record as CollectionRecord) : row.unmatched;
    if (!fields) return [];
    return [
      {
        sheet,
        rowNumber: row.rowNumber,
        loanId: row.record ? idOf((row.record as CollectionRecord).loan, context.ids.loans, 'loan') : null,
        loanText: row.unmatched?.loanText ?? null,
        reason: row.unmatched?.reason ?? null,
        amount: fields.amount,
        date: fields.date,
        mode: fields.mode,
        utr: fields.utr,
        collectedById: idOrNull(fields.collectedBy, context.ids.agents, 'agent'),
      },
    ];
  });
  if (records.length === 0) return { paid: 0, toMatch: 0 };
  return payImportedCollections(context.deps, context.tx, context.importId, records);
};

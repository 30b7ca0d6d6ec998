import {
  checkImportRow,
  createImportSeen,
  type ImportKind,
  type ImportLookupAsk,
  type ImportLookups,
  type ImportRecords,
  type ImportRowError,
  type IsoDate,
  importLookupsOf,
  importMessages,
  type UnmatchedCollection,
} from '@lending/domain';
import type { ImportSummaryValue } from '../../db/schema';
import type { MergedRange, RowBatch } from './walk';

/** A row as checked: its record when it passed, its errors, or the collection that waits to be matched. */
export type CheckedRow<K extends ImportKind = ImportKind> = {
  rowNumber: number;
  record: ImportRecords[K] | null;
  errors: ImportRowError[];
  unmatched: UnmatchedCollection | null;
};

/**
 * Checks an import's rows batch after batch with one accumulator of keys (`ImportSeen`), as the
 * domain requires: sheets of agents, then customers, loans and collections. Each batch's questions
 * to the book are answered at once by `answer` (a few queries), then every row is checked.
 */
export const createImportChecker = (
  cutOverDate: IsoDate,
  answer: (asks: ImportLookupAsk[]) => Promise<ImportLookups>,
) => {
  const seen = createImportSeen();
  return {
    async check(batch: RowBatch): Promise<CheckedRow[]> {
      const { sheet } = batch;
      const context = {
        headers: sheet.headers,
        mapping: sheet.mapping,
        today: cutOverDate,
        date1904: sheet.date1904,
      };
      const asks = batch.rows.flatMap((row) => importLookupsOf(sheet.kind, row.cells, context));
      const lookups = await answer(asks);
      return batch.rows.map((row) => ({
        rowNumber: row.rowNumber,
        ...checkImportRow(sheet.kind, row.cells, row.rowNumber, { ...context, lookups, seen }),
      }));
    },
  };
};

/** Merged cells as the error of their first row. */
export const mergedError = (merged: MergedRange): ImportRowError => ({
  row: merged.firstRow,
  column: merged.column,
  message: importMessages.mergedCells(merged.range),
});

/**
 * The per-kind counts of a check: rows, rows without error, collections left to match and those an
 * earlier import already recorded (counted among the rows without error or to match). Only the
 * numbers of rows with errors or left to match are kept (a merged range found after a sheet's rows
 * may turn one of them into an error), never the rows.
 */
export const createTally = () => {
  const sheets = new Map<
    string,
    { kind: ImportKind; rows: number; errors: Set<number>; toMatch: Set<number>; alreadyImported: number }
  >();
  const sheetOf = (name: string, kind: ImportKind) => {
    let entry = sheets.get(name);
    if (!entry) {
      entry = { kind, rows: 0, errors: new Set(), toMatch: new Set(), alreadyImported: 0 };
      sheets.set(name, entry);
    }
    return entry;
  };
  return {
    /** Every imported sheet counts, even one without a data row. */
    start(imported: readonly { name: string; kind: ImportKind }[]) {
      for (const sheet of imported) sheetOf(sheet.name, sheet.kind);
    },
    rows(batch: RowBatch, checked: readonly CheckedRow[], alreadyImported = 0) {
      const entry = sheetOf(batch.sheet.name, batch.sheet.kind);
      entry.rows += checked.length;
      entry.alreadyImported += alreadyImported;
      for (const row of checked) {
        if (row.errors.length > 0) entry.errors.add(row.rowNumber);
        else if (row.unmatched) entry.toMatch.add(row.rowNumber);
      }
    },
    merged(merged: MergedRange) {
      const entry = sheetOf(merged.sheet.name, merged.sheet.kind);
      entry.toMatch.delete(merged.firstRow);
      entry.errors.add(merged.firstRow);
    },
    summary(): ImportSummaryValue {
      const summary: ImportSummaryValue = {};
      for (const { kind, rows, errors, toMatch, alreadyImported } of sheets.values()) {
        const counts = summary[kind] ?? { rows: 0, valid: 0, written: 0, toMatch: 0 };
        summary[kind] = counts;
        counts.rows += rows;
        counts.toMatch += toMatch.size;
        if (kind === 'collections') counts.alreadyImported = (counts.alreadyImported ?? 0) + alreadyImported;
        counts.valid += Math.max(0, rows - errors.size - toMatch.size);
      }
      return summary;
    },
  };
};

import { IMPORT_KINDS, type ImportCell, type ImportKind } from '@lending/domain';
import type { ImportSheetValue } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage/file-storage';
import { readImportRows } from './reader';

/** A sheet of the import that is imported: its kind is set. */
export type ImportedSheet = ImportSheetValue & { kind: ImportKind };

/** Rows of one sheet, in file order, at most a batch of them. */
export type RowBatch = {
  type: 'rows';
  sheet: ImportedSheet;
  rows: { rowNumber: number; cells: ImportCell[] }[];
};

/** Merged cells reaching a sheet's data: an error of their first row. */
export type MergedRange = {
  type: 'merged';
  sheet: ImportedSheet;
  firstRow: number;
  column: string;
  range: string;
};

/** The part of a stored import the walk reads. */
export type StoredImport = { storageKey: string; fileName: string; sheets: readonly ImportSheetValue[] };

const kindOrder = (kind: ImportKind) => IMPORT_KINDS.indexOf(kind);

/** The imported sheets in workbook order. */
export const importedSheets = (sheets: readonly ImportSheetValue[]): ImportedSheet[] =>
  sheets.filter((sheet): sheet is ImportedSheet => sheet.kind !== null);

/**
 * The reads of the file that give its sheets in the order the checks need (agents, customers, loans,
 * collections): one read when the workbook has them in that order already, else one read per kind.
 */
export const readPasses = (sheets: readonly ImportSheetValue[]): ImportedSheet[][] => {
  const imported = importedSheets(sheets);
  const ordered = imported.every(
    (sheet, index) =>
      index === 0 || kindOrder(imported[index - 1]?.kind ?? sheet.kind) <= kindOrder(sheet.kind),
  );
  if (ordered) return imported.length === 0 ? [] : [imported];
  return IMPORT_KINDS.map((kind) => imported.filter((sheet) => sheet.kind === kind)).filter(
    (pass) => pass.length > 0,
  );
};

const fileGone = () =>
  new AppError('IMPORT_FILE_UNREADABLE', 'The uploaded file is no longer kept; upload it again');

const fileChanged = (sheet: string) =>
  new AppError(
    'IMPORT_FILE_UNREADABLE',
    `The sheet '${sheet}' no longer reads as it did at upload; upload the file again`,
  );

/**
 * Reads the stored file again, sheet kind after sheet kind, in batches of `batchRows` rows: never
 * more than a batch of rows in memory, whatever the file's size. Row counts and headers must be as
 * the upload found them (the file is the one stored, so they are unless it was damaged since).
 */
export async function* walkImport(
  storage: FileStorage,
  stored: StoredImport,
  batchRows: number,
  signal?: AbortSignal,
): AsyncGenerator<RowBatch | MergedRange> {
  for (const pass of readPasses(stored.sheets)) {
    const input = await storage.getStream(stored.storageKey);
    if (input === null) throw fileGone();
    const byName = new Map(pass.map((sheet) => [sheet.name, sheet]));
    let batch: RowBatch | null = null;
    const counted = new Map<string, number>();
    for await (const event of readImportRows(input, {
      fileName: stored.fileName,
      acceptSheet: (name) => byName.has(name),
    })) {
      signal?.throwIfAborted();
      const sheet = byName.get(event.sheet);
      if (sheet === undefined) continue;
      if (event.type === 'sheet') {
        if (batch !== null) yield batch;
        batch = null;
        if (event.headerRow !== sheet.headerRow) throw fileChanged(sheet.name);
      } else if (event.type === 'row') {
        counted.set(sheet.name, (counted.get(sheet.name) ?? 0) + 1);
        if (batch !== null && batch.sheet !== sheet) {
          yield batch;
          batch = null;
        }
        batch ??= { type: 'rows', sheet, rows: [] };
        batch.rows.push({ rowNumber: event.rowNumber, cells: event.cells });
        if (batch.rows.length >= batchRows) {
          yield batch;
          batch = null;
        }
      } else {
        if (batch !== null) yield batch;
        batch = null;
        yield { type: 'merged', sheet, firstRow: event.firstRow, column: event.column, range: event.range };
      }
    }
    if (batch !== null) yield batch;
    for (const sheet of pass)
      if ((counted.get(sheet.name) ?? 0) !== sheet.rows) throw fileChanged(sheet.name);
  }
}

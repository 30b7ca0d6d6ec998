import { Readable } from 'node:stream';
import {
  checkImportRow,
  createImportSeen,
  type ImportKind,
  type ImportLookups,
  importErrorText,
  importMessages,
  matchHeaders,
} from '@lending/domain';
import ExcelJS from 'exceljs';
import { type ImportFileEvent, type ReadImportOptions, readImportRows } from '../../src/modules/imports';

/** An .xlsx file built in memory by `build`, as the bytes an upload would carry. */
export const xlsxBytes = async (build: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** A workbook of one sheet holding `rows` (the header first). */
export const oneSheetXlsx = (name: string, rows: unknown[][], more?: (sheet: ExcelJS.Worksheet) => void) =>
  xlsxBytes((workbook) => {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
    more?.(sheet);
  });

/** Every event of reading `bytes` as an upload named `fileName`. */
export const readAll = async (
  bytes: Buffer | string,
  options: Partial<ReadImportOptions> = {},
): Promise<ImportFileEvent[]> => {
  const events: ImportFileEvent[] = [];
  const input = Readable.from([typeof bytes === 'string' ? Buffer.from(bytes) : bytes]);
  for await (const event of readImportRows(input, { fileName: 'upload.xlsx', ...options }))
    events.push(event);
  return events;
};

/** A book that knows nobody. */
export const emptyBook: ImportLookups = {
  agent: () => null,
  customer: () => null,
  userWithEmail: () => null,
  loan: () => null,
};

/**
 * What an import preview would list for a file: its events read, each sheet's header matched to its
 * kind (`kind`, or a kind per sheet name), every row checked against `lookups` with one accumulator,
 * merged ranges as errors of their first row.
 */
export const previewErrors = async (
  kind: ImportKind | ((sheet: string) => ImportKind | null),
  events: AsyncIterable<ImportFileEvent> | Iterable<ImportFileEvent>,
  { lookups = emptyBook, today = '2026-11-05' }: { lookups?: ImportLookups; today?: string } = {},
): Promise<string[]> => {
  const seen = createImportSeen();
  const errors: string[] = [];
  let sheet: { kind: ImportKind; context: Parameters<typeof checkImportRow>[3] } | null = null;
  for await (const event of events) {
    if (event.type === 'sheet') {
      const sheetKind = typeof kind === 'string' ? kind : kind(event.sheet);
      const mapping = sheetKind === null ? {} : matchHeaders(sheetKind, event.headers).mapping;
      const context = { headers: event.headers, mapping, today, lookups, seen, date1904: event.date1904 };
      sheet = sheetKind === null ? null : { kind: sheetKind, context };
    } else if (event.type === 'row' && sheet !== null) {
      const checked = checkImportRow(sheet.kind, event.cells, event.rowNumber, sheet.context);
      errors.push(...checked.errors.map(importErrorText));
    } else if (event.type === 'merged') {
      errors.push(`Row ${event.firstRow}, ${event.column}: ${importMessages.mergedCells(event.range)}`);
    }
  }
  return errors;
};

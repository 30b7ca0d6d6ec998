import type { Readable } from 'node:stream';
import { type ImportCell, importMessages } from '@lending/domain';
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/errors';

/** One row of a sheet as read: its number in the sheet, its cells from column A. */
export type RawRow = { rowNumber: number; cells: ImportCell[] };

/** A sheet being read: its rows as they stream, then the merged ranges found after them. */
export type RawSheet = {
  name: string;
  date1904: boolean;
  rows: AsyncIterable<RawRow>;
  /** The merged ranges ('B4:B5'); complete once `rows` is read to its end. */
  merges: () => readonly string[];
};

type Events = Generator<{ eventType: string; value: unknown }>;
/** exceljs' streaming reader hands each sheet's XML to this method; it is wrapped to see the merges. */
type SheetHook = { _parseWorksheet(iterator: AsyncIterable<Buffer>, sheetNo: string): Events };
type WorkbookInternals = { properties?: { model?: { date1904?: boolean } }; model?: unknown };

/**
 * exceljs pipes the file into unzipper's Parse, which announces its end as soon as the last bytes are
 * written, while entries may still wait to be read: exceljs then stops early, dropping the last ones
 * (xl/workbook.xml, in a file exceljs wrote, and with it every sheet's name), more often the faster
 * the bytes come. Without that early announcement the stream ends when its last entry has been read.
 */
const keepZipEntriesToTheEnd = (input: Readable) => {
  const pipe = input.pipe.bind(input);
  input.pipe = (<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
    // Parse's own listener, added when it was made: on 'finish', emit 'end' (and 'close') at once.
    const zip = destination as unknown as Readable;
    const early = zip.listeners('finish').find((listener) => /emit\(\s*['"]end['"]/.test(String(listener)));
    if (early) zip.removeListener('finish', early as () => void);
    return pipe(destination, options);
  }) as typeof input.pipe;
};

/**
 * exceljs reads a sheet as soon as it has the shared strings and the workbook's relationships, and
 * only then looks up the sheet's name (and the 1904 flag) in xl/workbook.xml; a file whose zip has
 * workbook.xml after a sheet (exceljs writes some so, its entries finishing out of order) fails there.
 * Hiding the relationships until workbook.xml is read makes exceljs park such a sheet in a temporary
 * file and read it after the whole zip, names known.
 */
const waitForWorkbook = (reader: ExcelJS.stream.xlsx.WorkbookReader) => {
  const internals = reader as unknown as WorkbookInternals;
  let rels: unknown;
  Object.defineProperty(reader, 'workbookRels', {
    configurable: true,
    get: () => (internals.model === undefined ? undefined : rels),
    set: (value: unknown) => {
      rels = value;
    },
  });
};

const MERGE_CELL = /<(?:\w+:)?mergeCell\b[^>]*?\bref="([A-Z]+\d+(?::[A-Z]+\d+)?)"[^>]*>/g;
/** The longest unfinished tag kept between two chunks; a mergeCell tag is far shorter. */
const TAIL_MAX = 1024;

/**
 * Passes a sheet's XML on unchanged while noting its `<mergeCell ref="…">` tags, which come after
 * the rows and which exceljs' streaming reader skips. Only ASCII matters, so latin1 decoding
 * cannot split a character.
 */
async function* noteMerges(chunks: AsyncIterable<Buffer>, found: Set<string>) {
  let tail = '';
  for await (const chunk of chunks) {
    const text = tail + chunk.toString('latin1');
    for (const match of text.matchAll(MERGE_CELL)) if (match[1]) found.add(match[1]);
    const open = text.lastIndexOf('<');
    tail = open > text.lastIndexOf('>') ? text.slice(open, open + TAIL_MAX) : '';
    yield chunk;
  }
}

/** Text of a formula's stored result, or why the cell cannot be read. */
const formulaCell = (result: unknown): ImportCell => {
  if (result === undefined || result === null) return { refused: importMessages.formulaWithoutValue };
  if (typeof result === 'number' && !Number.isFinite(result)) return { refused: importMessages.formulaError };
  if (typeof result === 'object' && 'error' in result) return { refused: importMessages.formulaError };
  return valueCell(result as ExcelJS.CellValue);
};

/** An exceljs cell value as the checks read it. */
export const valueCell = (value: ExcelJS.CellValue): ImportCell => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('formula' in value || 'sharedFormula' in value) return formulaCell(value.result);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('error' in value) return { refused: importMessages.errorValue(String(value.error)) };
  if ('text' in value) return valueCell(value.text as ExcelJS.CellValue);
  return { refused: importMessages.unreadableText };
};

async function* rowsOf(sheet: ExcelJS.stream.xlsx.WorksheetReader): AsyncGenerator<RawRow> {
  for await (const row of sheet) {
    const cells: ImportCell[] = [];
    row.eachCell((cell, column) => {
      while (cells.length < column - 1) cells.push(null);
      // A formula's value drops a result of 0 (and an error's NaN); its model keeps them.
      cells.push(
        cell.type === ExcelJS.ValueType.Formula ? formulaCell(cell.model.result) : valueCell(cell.value),
      );
    });
    yield { rowNumber: row.number, cells };
  }
}

/**
 * The sheets of an .xlsx workbook, streamed through exceljs' WorkbookReader: one sheet at a time,
 * rows as they come, never the workbook in memory (its shared strings excepted). Styles are not
 * read, so a date cell arrives as its serial number.
 */
export async function* xlsxSheets(stream: Readable): AsyncGenerator<RawSheet> {
  keepZipEntriesToTheEnd(stream);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  waitForWorkbook(reader);
  const merges = new WeakMap<object, Set<string>>();
  const hook = reader as unknown as SheetHook;
  const parseWorksheet = hook._parseWorksheet.bind(reader);
  hook._parseWorksheet = function* (iterator, sheetNo) {
    const found = new Set<string>();
    for (const event of parseWorksheet(noteMerges(iterator, found), sheetNo)) {
      if (event.eventType === 'worksheet' && typeof event.value === 'object' && event.value !== null)
        merges.set(event.value, found);
      yield event;
    }
  };
  try {
    for await (const sheet of reader) {
      const found = merges.get(sheet) ?? new Set<string>();
      const { properties } = reader as unknown as WorkbookInternals;
      yield {
        name: (sheet as unknown as { name: string }).name,
        date1904: properties?.model?.date1904 === true,
        rows: rowsOf(sheet),
        merges: () => [...found],
      };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      'IMPORT_FILE_UNREADABLE',
      'The .xlsx file cannot be read (it is damaged or not a real workbook); open it in Excel, save it again and upload that',
    );
  }
}

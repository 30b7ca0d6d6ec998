import type { Readable } from 'node:stream';
import { IMPORT_MAX_ROWS, type ImportCell, normalizeHeader, readText } from '@lending/domain';
import { AppError } from '../../platform/errors';
import { csvSheet } from './csv-rows';
import { sniffImport } from './sniff';
import { type RawSheet, xlsxSheets } from './xlsx-rows';

/**
 * What reading an import file yields, in file order: each sheet's header row before its rows, each
 * data row (blank rows skipped), and, after a sheet's rows, every merged range that reaches its data.
 */
export type ImportFileEvent =
  | { type: 'sheet'; sheet: string; headerRow: number; headers: string[]; date1904: boolean }
  | { type: 'row'; sheet: string; rowNumber: number; cells: ImportCell[] }
  | { type: 'merged'; sheet: string; range: string; firstRow: number; lastRow: number; column: string };

export type ReadImportOptions = {
  /** The uploaded file's name: a CSV's sheet is named after it (its type is read from its bytes). */
  fileName: string;
  /** Data rows over all sheets beyond which the file is refused, without reading the rest. */
  maxRows?: number;
  /** Which sheets to read by name (a workbook's About sheet is not data); all when absent. */
  acceptSheet?: (name: string) => boolean;
};

const isBlank = (cell: ImportCell) =>
  cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/** A header cell's text; what is not text (an error, a formula without value) reads as no header. */
const headerText = (cell: ImportCell): string => {
  const text = readText(cell);
  return text.ok ? (text.value ?? '') : '';
};

/** Column letters of a 0-based index: 0 → A, 26 → AA. */
export const columnLetters = (index: number): string =>
  index < 26
    ? String.fromCharCode(65 + index)
    : columnLetters(Math.floor(index / 26) - 1) + columnLetters(index % 26);

const refuseDuplicateHeaders = (sheet: string, headers: readonly string[]) => {
  const firstAt = new Map<string, number>();
  const twice: string[] = [];
  headers.forEach((header, index) => {
    const name = normalizeHeader(header);
    if (name === '') return;
    const first = firstAt.get(name);
    if (first === undefined) firstAt.set(name, index);
    else twice.push(`'${header}' (columns ${columnLetters(first)} and ${columnLetters(index)})`);
  });
  if (twice.length > 0)
    throw new AppError(
      'IMPORT_BAD_HEADER',
      `The sheet '${sheet}' has the same header twice: ${twice.join(', ')}; rename or delete one of each`,
    );
};

const CELL_REF = /^([A-Z]+)(\d+)$/;
const columnIndex = (letters: string) =>
  [...letters].reduce((sum, char) => sum * 26 + char.charCodeAt(0) - 64, 0) - 1;

/** A merged range as an event, when it reaches below the header row. */
const mergedEvent = (sheet: string, range: string, headerRow: number, headers: readonly string[]) => {
  const [from = '', to = from] = range.split(':');
  const start = CELL_REF.exec(from);
  const end = CELL_REF.exec(to);
  if (!start || !end) return null;
  const lastRow = Number(end[2]);
  if (lastRow <= headerRow) return null;
  const index = columnIndex(start[1] ?? 'A');
  const column = headers[index]?.trim() || columnLetters(index);
  return {
    type: 'merged' as const,
    sheet,
    range,
    firstRow: Math.max(Number(start[2]), headerRow + 1),
    lastRow,
    column,
  };
};

/**
 * Reads an uploaded import file as it streams: an .xlsx workbook (every sheet) or a CSV file (one
 * sheet), recognised by its bytes. Never holds the file: a row is read, yielded and dropped. Refuses
 * (AppError 400) an empty or foreign file, a sheet with a header twice, and a file with more than
 * `maxRows` data rows the moment it crosses them.
 */
export async function* readImportRows(
  input: Readable,
  { fileName, maxRows = IMPORT_MAX_ROWS, acceptSheet = () => true }: ReadImportOptions,
): AsyncGenerator<ImportFileEvent> {
  try {
    const file = await sniffImport(input);
    const sheets: AsyncIterable<RawSheet> =
      file.type === 'xlsx'
        ? xlsxSheets(file.stream)
        : (async function* () {
            yield csvSheet(file.stream, { ...file, name: fileName.replace(/\.[^.]*$/, '') || 'CSV' });
          })();
    let dataRows = 0;
    let headed = 0;
    let sheetCount = 0;
    for await (const raw of sheets) {
      sheetCount += 1;
      if (!acceptSheet(raw.name)) continue;
      let header: { row: number; headers: string[] } | null = null;
      for await (const { rowNumber, cells } of raw.rows) {
        if (cells.every(isBlank)) continue;
        // The header row is the first with two headers or more: a title above it is passed over.
        if (header === null && cells.filter((cell) => !isBlank(cell)).length < 2) continue;
        if (header === null) {
          header = { row: rowNumber, headers: cells.map(headerText) };
          refuseDuplicateHeaders(raw.name, header.headers);
          headed += 1;
          yield {
            type: 'sheet',
            sheet: raw.name,
            headerRow: rowNumber,
            headers: header.headers,
            date1904: raw.date1904,
          };
          continue;
        }
        dataRows += 1;
        if (dataRows > maxRows)
          throw new AppError(
            'IMPORT_TOO_MANY_ROWS',
            `The file has more than ${maxRows.toLocaleString('en-IN')} rows; split it into files of at most ${maxRows.toLocaleString('en-IN')} rows`,
          );
        yield { type: 'row', sheet: raw.name, rowNumber, cells };
      }
      if (header === null) continue;
      for (const range of raw.merges()) {
        const event = mergedEvent(raw.name, range, header.row, header.headers);
        if (event !== null) yield event;
      }
    }
    if (sheetCount === 0)
      throw new AppError(
        'IMPORT_FILE_TYPE',
        'This file is a ZIP archive but not an Excel workbook (an .ods or .docx?); save it as .xlsx or CSV and upload that',
      );
    if (headed === 0)
      throw new AppError(
        'IMPORT_FILE_EMPTY',
        'The file has no header row: no sheet read has a row with two headers or more',
      );
  } finally {
    input.destroy();
  }
}

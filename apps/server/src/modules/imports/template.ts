import type { Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import {
  IMPORT_COLUMNS,
  IMPORT_KIND_TITLES,
  IMPORT_KINDS,
  type ImportColumn,
  type ImportKind,
  type ImportValueForm,
  importAboutLines,
} from '@lending/domain';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/errors';

/** Columns whose cells must stay text in Excel (a mobile as a number loses its form, a reference its zeros). */
const TEXT_FORMS: readonly ImportValueForm[] = ['text', 'mobile', 'email', 'agent', 'customer', 'loan'];
/** Columns whose examples are written as numbers, as a lender's Excel would hold them. */
const NUMBER_FORMS: readonly ImportValueForm[] = ['amount', 'count'];

/** The note on a header cell: what to write, whether it is required, the other headers it is read by. */
export const headerNote = (column: ImportColumn): string =>
  [
    column.note,
    column.required ? 'Required.' : 'Optional.',
    column.synonyms.length > 0 ? `Also read as: ${column.synonyms.join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join('\n');

const exampleCell = (column: ImportColumn, example: string): string | number => {
  const plain = example.replaceAll(',', '');
  return NUMBER_FORMS.includes(column.form) && /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : example;
};

const columnsOf = (kind: ImportKind): readonly ImportColumn[] => IMPORT_COLUMNS[kind];

const addKindSheet = (workbook: ExcelJS.Workbook, kind: ImportKind) => {
  const columns = columnsOf(kind);
  const sheet = workbook.addWorksheet(IMPORT_KIND_TITLES[kind], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: Math.max(14, column.header.length + 4),
    ...(TEXT_FORMS.includes(column.form) ? { style: { numFmt: '@' } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  columns.forEach((column, index) => {
    header.getCell(index + 1).note = headerNote(column);
  });
  for (const row of [0, 1] as const)
    sheet.addRow(columns.map((column) => exampleCell(column, column.examples[row])));
};

const addAboutSheet = (workbook: ExcelJS.Workbook) => {
  const sheet = workbook.addWorksheet('About');
  sheet.getColumn(1).width = 120;
  const [title, ...paragraphs] = importAboutLines();
  sheet.addRow([title]).font = { bold: true, size: 14 };
  for (const paragraph of paragraphs)
    sheet.addRow([paragraph]).alignment = { wrapText: true, vertical: 'top' };
};

/** A CSV holds one kind: refused, before anything is written, without one. */
export const checkTemplateRequest = (kind: ImportKind | 'all', format: 'xlsx' | 'csv') => {
  if (format === 'csv' && kind === 'all')
    throw new AppError(
      'BAD_REQUEST',
      'A CSV template holds one kind: choose agents, customers, loans or collections',
    );
};

/**
 * Writes an import template: an .xlsx workbook with an About sheet and a sheet per kind (or the one
 * kind), each a header row whose cells carry a note, and two example rows; or a CSV of one kind's
 * header and example rows (UTF-8 with a BOM, so Excel reads ₹ right).
 */
export const writeImportTemplate = async (
  kind: ImportKind | 'all',
  format: 'xlsx' | 'csv',
  output: Writable,
): Promise<void> => {
  checkTemplateRequest(kind, format);
  if (format === 'csv' && kind !== 'all') {
    const columns = columnsOf(kind);
    const csv = stringify({ bom: true });
    const written = pipeline(csv, output);
    csv.write(columns.map((column) => column.header));
    for (const row of [0, 1] as const) csv.write(columns.map((column) => column.examples[row]));
    csv.end();
    await written;
    return;
  }
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Daily-EMI Lending';
  addAboutSheet(workbook);
  for (const each of kind === 'all' ? IMPORT_KINDS : [kind]) addKindSheet(workbook, each);
  await workbook.xlsx.write(output);
  // exceljs ends `output` when its zip ends; the promise may settle before `output` has flushed.
  if (!output.writableFinished) await finished(output);
};

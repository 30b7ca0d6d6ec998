import { PassThrough } from 'node:stream';
import {
  IMPORT_COLUMNS,
  IMPORT_KIND_TITLES,
  IMPORT_KINDS,
  type ImportColumn,
  type ImportLookups,
  importKindOfSheet,
} from '@lending/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { previewErrors, readAll } from '../../../test/support/import-files';
import { headerNote, writeImportTemplate } from './template';

const templateBytes = async (kind: Parameters<typeof writeImportTemplate>[0], format: 'xlsx' | 'csv') => {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeImportTemplate(kind, format, output);
  return Buffer.concat(chunks);
};

const headersOf = (kind: (typeof IMPORT_KINDS)[number]) =>
  (IMPORT_COLUMNS[kind] as readonly ImportColumn[]).map((column) => column.header);

/** The book the examples name: the loan code LN000045 of the collection example. */
const BOOK: ImportLookups = {
  agent: () => null,
  customer: () => null,
  userWithEmail: () => null,
  loan: (by, key) =>
    by === 'code' && key === 'LN000045'
      ? { id: 45, code: 'LN000045', status: 'approved', startDate: '2026-10-01' }
      : null,
};

describe('the import template', () => {
  it('is a workbook with an About sheet and a sheet per kind, every header with its note', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await templateBytes('all', 'xlsx')) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'About',
      ...IMPORT_KINDS.map((kind) => IMPORT_KIND_TITLES[kind]),
    ]);
    expect(workbook.getWorksheet('About')?.getCell('A1').value).toBe('How to fill in this template');
    for (const kind of IMPORT_KINDS) {
      const sheet = workbook.getWorksheet(IMPORT_KIND_TITLES[kind]);
      const columns = IMPORT_COLUMNS[kind] as readonly ImportColumn[];
      columns.forEach((column, index) => {
        const cell = sheet?.getRow(1).getCell(index + 1);
        expect(cell?.value).toBe(column.header);
        const note = cell?.note;
        const text = typeof note === 'string' ? note : note?.texts?.map((part) => part.text).join('');
        expect(text).toBe(headerNote(column));
      });
      expect(sheet?.rowCount).toBe(3);
    }
    expect(headerNote(IMPORT_COLUMNS.loans[0])).toMatch(
      /^Your own number for the loan.*\nRequired\.\nAlso read as: Loan ID, /s,
    );
  });

  it('reads back through the import, and its example rows pass the checks', async () => {
    const events = await readAll(await templateBytes('all', 'xlsx'), {
      acceptSheet: (name) => importKindOfSheet(name) !== null,
    });
    const sheets = events.flatMap((event) => (event.type === 'sheet' ? [[event.sheet, event.headers]] : []));
    expect(sheets).toEqual(IMPORT_KINDS.map((kind) => [IMPORT_KIND_TITLES[kind], headersOf(kind)]));
    // One accumulator over the sheets, as an import keeps: the examples name each other.
    expect(await previewErrors(importKindOfSheet, events, { lookups: BOOK })).toEqual([]);
  });

  it('as a CSV is one kind: its header and example rows, with a BOM', async () => {
    const bytes = await templateBytes('loans', 'csv');
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const events = await readAll(bytes, { fileName: 'loans.csv' });
    expect(events[0]).toMatchObject({ type: 'sheet', sheet: 'loans', headers: headersOf('loans') });
    expect(events.filter((event) => event.type === 'row')).toHaveLength(2);
    await expect(templateBytes('all', 'csv')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

import { describe, expect, it } from 'vitest';
import { previewErrors, readAll } from '../../../test/support/import-files';
import { AppError } from '../../platform/errors';
import { sniffDelimiter } from './csv-rows';

const refusalOf = async (promise: Promise<unknown>) => {
  const refusal = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(refusal).toBeInstanceOf(AppError);
  const { code, status, message } = refusal as AppError;
  return { code, status, message };
};

describe('reading a CSV file', () => {
  it('drops the BOM, names the sheet after the file, and numbers rows as a spreadsheet does', async () => {
    const text =
      '\uFEFFName,Mobile,Email\r\nAnil,9876500011,anil@example.com\r\n\r\n"Meena, P","98765\n00012",m@example.com\r\n,,\r\nRavi,9876500013,r@example.com';
    const events = await readAll(text, { fileName: 'customers.csv' });
    expect(events).toEqual([
      {
        type: 'sheet',
        sheet: 'customers',
        headerRow: 1,
        headers: ['Name', 'Mobile', 'Email'],
        date1904: false,
      },
      { type: 'row', sheet: 'customers', rowNumber: 2, cells: ['Anil', '9876500011', 'anil@example.com'] },
      { type: 'row', sheet: 'customers', rowNumber: 4, cells: ['Meena, P', '98765\n00012', 'm@example.com'] },
      { type: 'row', sheet: 'customers', rowNumber: 6, cells: ['Ravi', '9876500013', 'r@example.com'] },
    ]);
  });

  it('sniffs a semicolon or tab delimiter from the header line', async () => {
    expect(sniffDelimiter('Name;Mobile;"Amount, ₹"\n1,2,3,4,5')).toBe(';');
    expect(sniffDelimiter('Name\tMobile\tEmail')).toBe('\t');
    expect(sniffDelimiter('Mobile')).toBe(',');
    const events = await readAll('Loan;Amount;Date\nLN000045;1.200,50;02/11/2026', { fileName: 'c.csv' });
    expect(events[1]).toMatchObject({ cells: ['LN000045', '1.200,50', '02/11/2026'] });
  });

  it('reads UTF-16 text, as Excel saves "Unicode Text"', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Name\tMobile\nरमेश\t9876500001\n', 'utf16le'),
    ]);
    const events = await readAll(utf16, { fileName: 'agents.txt' });
    expect(events[1]).toMatchObject({ rowNumber: 2, cells: ['रमेश', '9876500001'] });
  });

  it('hands a NUL byte or an unreadable byte to the checks, which name the cell', async () => {
    const bytes = Buffer.concat([
      Buffer.from('Name,Mobile,Email\nAni\u0000l,9876500011,a@example.com\nMe'),
      Buffer.from([0xe9]),
      Buffer.from('na,9876500012,m@example.com\n'),
    ]);
    const errors = await previewErrors('customers', await readAll(bytes, { fileName: 'c.csv' }));
    expect(errors).toEqual([
      'Row 2, Name: has a NUL byte or another control character; retype the cell',
      'Row 3, Name: has characters that could not be read; save the file as CSV UTF-8 or .xlsx',
    ]);
  });

  it('refuses a quote left open, naming the row it opens on', async () => {
    expect(
      await refusalOf(readAll('Name,Mobile\nAnil,9876500011\n"Meena,9876500012\n', { fileName: 'c.csv' })),
    ).toEqual({
      code: 'IMPORT_FILE_UNREADABLE',
      status: 400,
      message: 'The CSV file cannot be read from row 3: a quote is opened and never closed',
    });
  });

  it('refuses a file with no header row', async () => {
    expect(await refusalOf(readAll('\n \n,,\n', { fileName: 'c.csv' }))).toMatchObject({
      code: 'IMPORT_FILE_EMPTY',
      message: 'The file has no header row: no sheet read has a row with two headers or more',
    });
  });
});

describe('what a file really is', () => {
  it('refuses a 0-byte file', async () => {
    expect(await refusalOf(readAll(Buffer.alloc(0)))).toEqual({
      code: 'IMPORT_FILE_EMPTY',
      status: 400,
      message: 'The file is empty (0 bytes)',
    });
  });

  it('refuses a PDF, a picture, an old .xls, binary data and a web page by their bytes, whatever their name', async () => {
    const pdf = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
    expect(await refusalOf(readAll(pdf, { fileName: 'loans.xlsx' }))).toEqual({
      code: 'IMPORT_FILE_TYPE',
      status: 400,
      message:
        'This file is a PDF document, not a spreadsheet (whatever its name says); upload an .xlsx workbook or a CSV file',
    });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect((await refusalOf(readAll(png, { fileName: 'loans.csv' }))).message).toMatch(
      /^This file is a PNG picture/,
    );
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect((await refusalOf(readAll(xls, { fileName: 'loans.xls' }))).message).toMatch(
      /old Excel 97–2003 \(\.xls\) workbook; open it in Excel and save it as \.xlsx/,
    );
    const binary = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256));
    expect((await refusalOf(readAll(binary, { fileName: 'loans.csv' }))).message).toMatch(
      /^This file is binary data/,
    );
    const html = Buffer.from('<html><body><table><tr><td>Name</td></tr></table></body></html>');
    expect((await refusalOf(readAll(html, { fileName: 'loans.xls' }))).message).toMatch(
      /an HTML or XML page/,
    );
  });

  it('refuses a ZIP archive that is not a workbook, and a damaged workbook', async () => {
    const { xlsxBytes } = await import('../../../test/support/import-files');
    const workbook = await xlsxBytes((book) => book.addWorksheet('Loans').addRow(['Name', 'Mobile']));
    const damaged = Buffer.concat([workbook.subarray(0, 400), Buffer.alloc(400, 7), workbook.subarray(800)]);
    expect((await refusalOf(readAll(damaged))).code).toBe('IMPORT_FILE_UNREADABLE');
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);
    expect((await refusalOf(readAll(zip))).message).toMatch(/^This file is an empty ZIP archive/);
  });
});

import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { oneSheetXlsx, previewErrors, readAll, xlsxBytes } from '../../../test/support/import-files';
import { unzip } from '../../../test/support/zip';
import { AppError } from '../../platform/errors';

const LOAN_HEADER = ['Loan ID', 'Customer', 'Loan amount', 'Daily EMI', 'Days', 'Start date'];
const BOOK = {
  agent: () => null,
  customer: () => ({ id: 1, name: 'Anil', agentId: null }),
  userWithEmail: () => null,
  loan: () => null,
};

describe('reading an .xlsx workbook', () => {
  it('yields each sheet’s header row, then its rows as the checks read them', async () => {
    const bytes = await oneSheetXlsx('Loans', [
      ['My loan book, November'],
      [],
      LOAN_HEADER,
      ['OLD-1', 9876500011, 10000, 120.5, 100, '01/10/2026'],
      [],
      ['OLD-2', '9876500011', '25,000', 300, 100, new Date(Date.UTC(2026, 9, 15))],
    ]);
    const events = await readAll(bytes);
    expect(events).toEqual([
      // The title above the header row is passed over.
      { type: 'sheet', sheet: 'Loans', headerRow: 3, headers: LOAN_HEADER, date1904: false },
      {
        type: 'row',
        sheet: 'Loans',
        rowNumber: 4,
        cells: ['OLD-1', 9876500011, 10000, 120.5, 100, '01/10/2026'],
      },
      // A date cell arrives as its serial number, which the checks read in the 1900 system.
      {
        type: 'row',
        sheet: 'Loans',
        rowNumber: 6,
        cells: ['OLD-2', '9876500011', '25,000', 300, 100, 46310],
      },
    ]);
  });

  it('reads Excel dates and text dates of one column alike, and the 1904 date system', async () => {
    const rows = [LOAN_HEADER, ['OLD-1', '9876500011', 1000, 100, 10, new Date(Date.UTC(2026, 10, 5))]];
    const rows2 = [...rows, ['OLD-2', '9876500011', 1000, 100, 10, '5-Nov-2026']];
    const plain = await readAll(await oneSheetXlsx('Loans', rows2));
    expect(await previewErrors('loans', plain, { lookups: BOOK })).toEqual([]);
    const mac = await readAll(
      await xlsxBytes((workbook) => {
        workbook.properties.date1904 = true;
        const sheet = workbook.addWorksheet('Loans');
        for (const row of rows) sheet.addRow(row);
      }),
    );
    expect(mac[0]).toMatchObject({ type: 'sheet', date1904: true });
    expect(mac[1]).toMatchObject({ cells: [...(rows[1]?.slice(0, 5) ?? []), 46331 - 1462] });
    expect(await previewErrors('loans', mac, { lookups: BOOK })).toEqual([]);
  });

  it('takes a formula by the value Excel stored with it, and refuses one stored without', async () => {
    const bytes = await oneSheetXlsx(
      'Loans',
      [LOAN_HEADER, ['OLD-1', '9876500011', 1000, 100, 10, '05/11/2026']],
      (sheet) => {
        sheet.getCell('C2').value = { formula: 'D2*10', result: 1000 };
        sheet.addRow(['OLD-2', '9876500011', 1000, 100, 10, '05/11/2026']);
        sheet.getCell('C3').value = { formula: 'D3*10', date1904: false };
        sheet.addRow(['OLD-3', '9876500011', 1000, 100, 10, '05/11/2026']);
        sheet.getCell('C4').value = { formula: '1/0', result: { error: '#DIV/0!' } };
        sheet.addRow([
          'OLD-4',
          { richText: [{ text: '98765' }, { text: '00011' }] },
          1000,
          100,
          10,
          '05/11/2026',
        ]);
        sheet.getCell('D5').value = { error: '#N/A' };
        sheet.addRow(['OLD-5', '9876500011', 1000, 100, 10, '05/11/2026', 'x']);
        sheet.getCell('G6').value = { formula: 'D6-100', result: 0 };
      },
    );
    const events = await readAll(bytes);
    expect(events[1]).toMatchObject({ cells: ['OLD-1', '9876500011', 1000, 100, 10, '05/11/2026'] });
    expect(events[5]).toMatchObject({
      rowNumber: 6,
      cells: ['OLD-5', '9876500011', 1000, 100, 10, '05/11/2026', 0],
    });
    expect(await previewErrors('loans', events, { lookups: BOOK })).toEqual([
      'Row 3, Loan amount: a formula without a stored value; open the file in Excel, save it, and upload again',
      'Row 4, Loan amount: a formula whose stored value is an error (#N/A, #REF! …); fix the formula or type the value',
      'Row 5, Daily EMI: holds the error #N/A',
    ]);
  });

  it('reports merged cells that reach the data, on their first row', async () => {
    const bytes = await oneSheetXlsx(
      'Loans',
      [
        ['Loan book', '', '', '', '', ''],
        LOAN_HEADER,
        ['OLD-1', '9876500011', 1000, 100, 10, '05/11/2026'],
        ['OLD-2', '9876500011', 1000, 100, 10, '05/11/2026'],
      ],
      (sheet) => {
        sheet.mergeCells('A1:F1');
        sheet.mergeCells('B3:B4');
      },
    );
    const events = await readAll(bytes);
    expect(events.filter((event) => event.type === 'merged')).toEqual([
      { type: 'merged', sheet: 'Loans', range: 'B3:B4', firstRow: 3, lastRow: 4, column: 'Customer' },
    ]);
  });

  it('names merged ranges by the header of their first column', async () => {
    const bytes = await oneSheetXlsx(
      'Loans',
      [
        LOAN_HEADER,
        ['OLD-1', '9876500011', 1000, 100, 10, '05/11/2026'],
        ['OLD-2', '', 1000, 100, 10, '05/11/2026'],
      ],
      (sheet) => sheet.mergeCells('B2:B3'),
    );
    const errors = await previewErrors('loans', await readAll(bytes), { lookups: BOOK });
    expect(errors).toEqual([
      'Row 3, Customer: is empty; this column is required',
      'Row 2, Customer: cells B2:B3 are merged, so the value belongs to one row only; unmerge them and fill in every row',
    ]);
  });

  it('refuses a sheet with the same header twice, naming them', async () => {
    const bytes = await oneSheetXlsx('Customers', [
      ['Name', 'Mobile', 'Email', 'mobile ', 'E-mail', 'email'],
    ]);
    const refusal = await readAll(bytes).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'IMPORT_BAD_HEADER', status: 400 });
    expect((refusal as AppError).message).toBe(
      "The sheet 'Customers' has the same header twice: 'mobile' (columns B and D), 'E-mail' (columns C and E), 'email' (columns C and F); rename or delete one of each",
    );
  });

  it('reads every sheet it is asked to, in order, and skips the others', async () => {
    const bytes = await xlsxBytes((workbook) => {
      workbook.addWorksheet('About').addRow(['How to fill in this template']);
      workbook.addWorksheet('Agents').addRows([
        ['Name', 'Mobile', 'Email'],
        ['Ramesh', '9876500001', 'r@example.com'],
      ]);
      workbook.addWorksheet('Empty');
      workbook.addWorksheet('Customers').addRows([['Name', 'Mobile', 'Email']]);
    });
    const events = await readAll(bytes, { acceptSheet: (name) => name !== 'About' });
    expect(events.map((event) => `${event.type} ${event.sheet}`)).toEqual([
      'sheet Agents',
      'row Agents',
      'sheet Customers',
    ]);
  });

  it('reads a workbook whose zip holds xl/workbook.xml after its sheets, names and 1904 dates known', async () => {
    const made = await xlsxBytes((workbook) => {
      workbook.properties.date1904 = true;
      workbook.addWorksheet('Agents').addRows([
        ['Name', 'Mobile', 'Joined'],
        ['Ramesh', '9876500001', 45_000],
      ]);
      workbook.addWorksheet('Customers').addRows([['Name', 'Mobile']]);
    });
    // The same files, the shared strings first and xl/workbook.xml last: exceljs could then meet a
    // sheet before the workbook that names it, or stop before the last entry.
    const files = [...unzip(made)].filter(([name]) => !name.endsWith('/'));
    const first = [
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/sharedStrings.xml',
    ];
    const zip = new yazl.ZipFile();
    for (const [name, data] of [
      ...first.flatMap((name) => files.filter(([file]) => file === name)),
      ...files.filter(([name]) => !first.includes(name) && name !== 'xl/workbook.xml'),
      ...files.filter(([name]) => name === 'xl/workbook.xml'),
    ])
      zip.addBuffer(data, name);
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    const events = await readAll(Buffer.concat(chunks));
    expect(events).toEqual([
      { type: 'sheet', sheet: 'Agents', headerRow: 1, headers: ['Name', 'Mobile', 'Joined'], date1904: true },
      { type: 'row', sheet: 'Agents', rowNumber: 2, cells: ['Ramesh', '9876500001', 45_000] },
      { type: 'sheet', sheet: 'Customers', headerRow: 1, headers: ['Name', 'Mobile'], date1904: true },
    ]);
  });

  it('reads every entry of the zip however fast its bytes come: forty reads, forty times the same names', async () => {
    // exceljs writes xl/workbook.xml last; read whole from memory, the zip used to end before it.
    const bytes = await xlsxBytes((workbook) => {
      workbook.addWorksheet('About').addRow(['How to fill in this template']);
      workbook.addWorksheet('Agents').addRows([
        ['Name', 'Mobile'],
        ['Ramesh', '9876500001'],
      ]);
      workbook.addWorksheet('Empty');
      workbook.addWorksheet('Customers').addRows([['Name', 'Mobile']]);
    });
    const names = new Set<string>();
    for (let read = 0; read < 40; read += 1)
      for (const event of await readAll(bytes)) if (event.type === 'sheet') names.add(event.sheet);
    expect([...names]).toEqual(['Agents', 'Customers']);
  });
});

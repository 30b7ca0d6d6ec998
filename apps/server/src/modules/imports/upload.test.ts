import { IMPORT_FILE_MAX_BYTES, importApiMessages, type TImport } from '@lending/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, multipart, samples } from '../../../test/support/factories';
import { oneSheetXlsx, xlsxBytes } from '../../../test/support/import-files';
import { PEOPLE, uploaded, uploadImport } from '../../../test/support/imports';
import { usersTestApp } from '../../../test/support/users';
import { auditLogs, imports } from '../../db/schema';

const { t } = await usersTestApp();
const admin = (await createSignedInUser(t, { role: 'admin' })).headers;

const peopleWorkbook = () =>
  xlsxBytes((workbook) => {
    workbook.addWorksheet('Read me').addRow(['Our book as of November']);
    const agents = workbook.addWorksheet('Agents');
    agents.addRow(['Agents of the Pune branch']);
    for (const row of PEOPLE.agents) agents.addRow([...row]);
    const customers = workbook.addWorksheet('Borrowers');
    for (const row of PEOPLE.customers) customers.addRow([...row]);
    workbook.addWorksheet('Summary').addRow(['Total', 'Amount']);
  });

const storedFiles = async () => t.deps.storage.list('imports');
const importCount = async () => (await t.db.select().from(imports)).length;

describe('POST /api/imports', () => {
  it('stores the file, reads each sheet and proposes the mapping: the kind by the sheet name, the columns by header', async () => {
    const response = await uploadImport(t, admin, 'Pune book.xlsx', await peopleWorkbook(), {
      cutOverDate: '2026-11-01',
    });
    expect(response.statusCode).toBe(201);
    const { message, data } = response.json() as { message: string; data: TImport };
    expect(message).toBe(
      'Pune book.xlsx is uploaded: 5 rows on 3 sheets. Check how its columns are read, then check the file',
    );
    expect(data).toMatchObject({
      fileName: 'Pune book.xlsx',
      status: 'uploaded',
      cutOverDate: '2026-11-01',
      errorCount: 0,
      summary: null,
      job: null,
      uploadedBy: { name: expect.any(String) },
    });
    // The title row above the Agents header is passed over; "Read me" has no header row at all.
    expect(data.sheets).toEqual([
      {
        name: 'Agents',
        kind: 'agents',
        headerRow: 2,
        headers: [...PEOPLE.agents[0]],
        rows: 2,
        mapping: { name: 0, mobile: 1, email: 2, address: 3, active: 4 },
        missing: [],
      },
      {
        name: 'Borrowers',
        kind: 'customers',
        headerRow: 1,
        headers: [...PEOPLE.customers[0]],
        rows: 3,
        mapping: {
          name: 0,
          mobile: 1,
          email: 2,
          address: 3,
          customer_reference: 4,
          agent: 5,
          reference_customer: 6,
        },
        missing: [],
      },
      {
        name: 'Summary',
        kind: null,
        headerRow: 1,
        headers: ['Total', 'Amount'],
        rows: 0,
        mapping: {},
        missing: [],
      },
    ]);
    const [row] = await t.db.select().from(imports).where(eq(imports.id, data.id));
    expect(row?.sizeBytes).toBeGreaterThan(1000);
    expect(row?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await t.deps.storage.getStream(row?.storageKey ?? '')).not.toBeNull();
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'import_uploaded'), eq(auditLogs.resourceId, String(data.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.metadata).toMatchObject({ file_name: 'Pune book.xlsx', sha256: row?.sha256 });
  });

  it('takes a CSV file, its kind read from the file name, and today as the cut-over day by default', async () => {
    const csv = `${PEOPLE.agents.map((row) => row.join(',')).join('\n')}\n`;
    const data = await uploaded(t, admin, 'agents-list.csv', csv);
    expect(data.cutOverDate).toBe(t.clock.today());
    expect(data.sheets).toMatchObject([{ name: 'agents-list', kind: 'agents', rows: 2, missing: [] }]);
    // A file whose name says nothing is left for the lender to say what it holds.
    const unnamed = await uploaded(t, admin, 'export (3).csv', csv);
    expect(unnamed.sheets).toMatchObject([{ name: 'export (3)', kind: null, mapping: {}, missing: [] }]);
  });

  it('refuses a cut-over day after today or not a date, keeping nothing', async () => {
    const before = { files: (await storedFiles()).length, imports: await importCount() };
    const csv = `${PEOPLE.agents.map((row) => row.join(',')).join('\n')}\n`;
    const late = await uploadImport(t, admin, 'agents.csv', csv, { cutOverDate: '2099-01-01' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: importApiMessages.cutOverAfterToday,
    });
    const bad = await uploadImport(t, admin, 'agents.csv', csv, { cutOverDate: '31/10/2026' });
    expect(bad.statusCode).toBe(400);
    expect({ files: (await storedFiles()).length, imports: await importCount() }).toEqual(before);
  });

  it('refuses every bad file with its code, in the reader’s words, and keeps nothing of it', async () => {
    const before = { files: (await storedFiles()).length, imports: await importCount() };
    const twice = await oneSheetXlsx('Customers', [
      ['Name', 'Mobile', 'mobile'],
      ['Anil', '9876500011', '9876500012'],
    ]);
    const tooMany = `Name,Mobile\n${'Anil,9876500011\n'.repeat(200_001)}`;
    const cases: [string, Buffer | string, string, RegExp][] = [
      ['empty.xlsx', Buffer.alloc(0), 'IMPORT_FILE_EMPTY', /^The file is empty \(0 bytes\)$/],
      [
        'book.xlsx',
        Buffer.from(samples.pdf),
        'IMPORT_FILE_TYPE',
        /^This file is a PDF document, not a spreadsheet/,
      ],
      ['photo.csv', Buffer.from(samples.png), 'IMPORT_FILE_TYPE', /^This file is a PNG picture/],
      [
        'nul.csv',
        Buffer.from('Name,Mobile\n\u0000\u0000\u0000\u0000\u0001\u0002\u0003\u0004\u0005'),
        'IMPORT_FILE_TYPE',
        /binary data/,
      ],
      [
        'broken.xlsx',
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]),
        'IMPORT_FILE_UNREADABLE',
        /cannot be read/,
      ],
      [
        'quote.csv',
        'Name,Mobile\n"Anil,9876500011\n',
        'IMPORT_FILE_UNREADABLE',
        /a quote is opened and never closed/,
      ],
      ['title-only.csv', 'Customers\n\n', 'IMPORT_FILE_EMPTY', /no header row/],
      [
        'twice.xlsx',
        twice,
        'IMPORT_BAD_HEADER',
        /^The sheet 'Customers' has the same header twice: 'mobile' \(columns B and C\)/,
      ],
      ['big.csv', tooMany, 'IMPORT_TOO_MANY_ROWS', /^The file has more than 2,00,000 rows/],
    ];
    for (const [name, bytes, code, message] of cases) {
      const response = await uploadImport(t, admin, name, bytes);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().code, name).toBe(code);
      expect(response.json().message, name).toMatch(message);
    }
    expect({ files: (await storedFiles()).length, imports: await importCount() }).toEqual(before);
  });

  it('refuses a request without a file, a file in another field, and a file over the limit (413)', async () => {
    const before = { files: (await storedFiles()).length, imports: await importCount() };
    const fieldsOnly = await multipart({ cutOverDate: '2026-11-01' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { ...admin, ...fieldsOnly.headers },
      payload: fieldsOnly.payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'FILE_REQUIRED', message: importApiMessages.fileMissing });
    const elsewhere = await multipart({}, { picture: { data: samples.png, name: 'a.png' } });
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { ...admin, ...elsewhere.headers },
      payload: elsewhere.payload,
    });
    expect(other.json()).toMatchObject({ code: 'UNEXPECTED_FILE', message: 'Unexpected file field picture' });
    const json = await t.app.inject({ method: 'POST', url: '/api/imports', headers: admin, payload: {} });
    expect(json.statusCode).toBe(415);
    const huge = await uploadImport(t, admin, 'huge.csv', Buffer.alloc(IMPORT_FILE_MAX_BYTES + 10, 'a'));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: importApiMessages.tooLarge });
    expect({ files: (await storedFiles()).length, imports: await importCount() }).toEqual(before);
  });

  it('says when the same file was imported before', async () => {
    const bytes = await oneSheetXlsx(
      'Agents',
      [...PEOPLE.agents].map((row) => [...row]),
    );
    const first = await uploaded(t, admin, 'agents.xlsx', bytes);
    await t.db
      .update(imports)
      .set({ status: 'committed', committedAt: new Date('2026-11-02T10:00:00Z') })
      .where(eq(imports.id, first.id));
    const again = await uploadImport(t, admin, 'agents again.xlsx', bytes);
    expect(again.json().message).toMatch(
      new RegExp(
        `This file was imported before \\(import ${first.id}, 02-11-2026\\): checking it finds its rows already in the book$`,
      ),
    );
  });
});

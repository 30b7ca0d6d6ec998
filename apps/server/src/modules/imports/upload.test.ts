import { IMPORT_FILE_MAX_BYTES, importApiMessages, type TImport } from '@lending/domain';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, multipart, samples } from '../../../test/support/factories';
import { oneSheetXlsx, xlsxBytes } from '../../../test/support/import-files';
import { PEOPLE, uploaded, uploadImport } from '../../../test/support/imports';
import { usersTestApp } from '../../../test/support/users';
import { auditLogs, importColumnMappings, imports } from '../../db/schema';

const { t, superadmin } = await usersTestApp();
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

describe('the remembered mapping', () => {
  it('is what the lender chose last time for a kind, used on their next upload', async () => {
    const rows = [
      ['Borrower', 'Cell No', 'Mail', 'Member ID', 'Guarantor'],
      ['Anil Sharma', '9876500021', 'anil21@example.com', 'C-9', ''],
    ];
    const first = await uploaded(t, admin, 'customers.xlsx', await oneSheetXlsx('Customers', rows));
    // 'Borrower' and 'Cell No' are no header the import knows; 'Guarantor' is not who referred them.
    expect(first.sheets[0]).toMatchObject({
      mapping: { email: 2, customer_reference: 3 },
      missing: ['name', 'mobile'],
    });
    const mapped = await t.app.inject({
      method: 'PUT',
      url: `/api/imports/${first.id}/mapping`,
      headers: admin,
      payload: {
        sheets: [
          {
            name: 'Customers',
            kind: 'customers',
            columns: { name: 'Borrower', mobile: 'cell no', reference_customer: null },
          },
        ],
      },
    });
    expect(mapped.statusCode).toBe(200);
    expect(mapped.json().data.sheets[0]).toMatchObject({
      mapping: { name: 0, mobile: 1, email: 2, customer_reference: 3 },
      missing: [],
    });
    expect(
      await t.db.select().from(importColumnMappings).where(eq(importColumnMappings.kind, 'customers')),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ columnKey: 'name', header: 'Borrower' }),
        expect.objectContaining({ columnKey: 'mobile', header: 'cell no' }),
        expect.objectContaining({ columnKey: 'reference_customer', header: null }),
      ]),
    );
    const next = await uploaded(t, admin, 'more customers.xlsx', await oneSheetXlsx('Borrowers', rows));
    expect(next.sheets[0]).toMatchObject({
      kind: 'customers',
      mapping: { name: 0, mobile: 1, email: 2, customer_reference: 3 },
      missing: [],
    });
  });
});

describe('PUT /api/imports/:id/mapping', () => {
  it('refuses a sheet, column or header the file does not have, in the import’s words', async () => {
    const data = await uploaded(
      t,
      admin,
      'agents.xlsx',
      await oneSheetXlsx(
        'Staff',
        [...PEOPLE.agents].map((r) => [...r]),
      ),
    );
    const put = (sheets: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/imports/${data.id}/mapping`,
        headers: admin,
        payload: { sheets },
      });
    const cases: [unknown, string][] = [
      [[{ name: 'Loans', kind: 'loans' }], importApiMessages.sheetUnknown('Loans')],
      [
        [{ name: 'Staff', kind: 'agents', columns: { mobile: 'Phone' } }],
        importApiMessages.columnUnknown('Staff', 'Phone'),
      ],
      [
        [{ name: 'Staff', kind: 'agents', columns: { loan_amount: 'Name' } }],
        importApiMessages.columnKeyUnknown('Staff', 'Agents', 'loan_amount'),
      ],
    ];
    for (const [sheets, message] of cases) {
      const refused = await put(sheets);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'IMPORT_MAPPING_INVALID', message });
    }
    const kind = await put([{ name: 'Staff', kind: 'members' }]);
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toBe(importApiMessages.kind);
    const late = await t.app.inject({
      method: 'PUT',
      url: `/api/imports/${data.id}/mapping`,
      headers: admin,
      payload: { sheets: [{ name: 'Staff', kind: null }], cutOverDate: '2099-01-01' },
    });
    expect(late.json().message).toBe(importApiMessages.cutOverAfterToday);
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/imports/999999/mapping',
      headers: admin,
      payload: { sheets: [{ name: 'Staff', kind: null }] },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(importApiMessages.notFound);
  });
});

describe('who may import', () => {
  it('admins and the superadmin; agents and customers are refused, and nobody without a session', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Agents').addRow(['Name', 'Mobile']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const data = await uploaded(t, superadmin, 'agents.xlsx', bytes);
    const calls = [
      { method: 'GET', url: '/api/imports/template' },
      { method: 'GET', url: '/api/imports' },
      { method: 'GET', url: `/api/imports/${data.id}` },
      { method: 'GET', url: `/api/imports/${data.id}/errors` },
      {
        method: 'PUT',
        url: `/api/imports/${data.id}/mapping`,
        payload: { sheets: [{ name: 'Agents', kind: null }] },
      },
      { method: 'POST', url: `/api/imports/${data.id}/check` },
      { method: 'POST', url: `/api/imports/${data.id}/commit` },
    ] as const;
    for (const role of ['agent', 'user']) {
      const { headers } = await createSignedInUser(t, { role });
      for (const call of calls) {
        const refused = await t.app.inject({ ...call, headers });
        expect(refused.statusCode, `${role} ${call.method} ${call.url}`).toBe(403);
        expect(refused.json().message).toBe('Only admins can import a book');
      }
      expect((await uploadImport(t, headers, 'agents.xlsx', bytes)).statusCode).toBe(403);
    }
    for (const call of calls) expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
    expect((await uploadImport(t, {}, 'agents.xlsx', bytes)).statusCode).toBe(401);
    for (const headers of [admin, superadmin])
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/imports/${data.id}`, headers })).statusCode,
      ).toBe(200);
  });
});

describe('GET /api/imports and the template', () => {
  it('lists imports newest first, a page at a time', async () => {
    const page = (
      await t.app.inject({ method: 'GET', url: '/api/imports?pageSize=2', headers: admin })
    ).json();
    expect(page.imports).toHaveLength(2);
    expect(page.total).toBe(await importCount());
    expect(page.imports[0].id).toBeGreaterThan(page.imports[1].id);
    const second = (
      await t.app.inject({ method: 'GET', url: '/api/imports?pageSize=2&page=2', headers: admin })
    ).json();
    expect(second.imports[0].id).toBeLessThan(page.imports[1].id);
  });

  it('serves the workbook template and one kind’s CSV, with their names', async () => {
    const xlsx = await t.app.inject({ method: 'GET', url: '/api/imports/template', headers: admin });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="import-template.xlsx"');
    expect(xlsx.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/imports/template?format=csv&kind=loans',
      headers: admin,
    });
    expect(csv.headers['content-disposition']).toBe('attachment; filename="import-template-loans.csv"');
    expect(csv.body).toMatch(/^\uFEFFLoan reference,Customer,/);
    const noKind = await t.app.inject({
      method: 'GET',
      url: '/api/imports/template?format=csv',
      headers: admin,
    });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().message).toMatch(/^A CSV template holds one kind/);
    const badKind = await t.app.inject({
      method: 'GET',
      url: '/api/imports/template?kind=staff',
      headers: admin,
    });
    expect(badKind.json().message).toBe(importApiMessages.kind);
  });
});

import { importApiMessages } from '@lending/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/support/factories';
import { oneSheetXlsx } from '../../../test/support/import-files';
import { PEOPLE, uploaded, uploadImport } from '../../../test/support/imports';
import { usersTestApp } from '../../../test/support/users';
import { importColumnMappings, imports } from '../../db/schema';

const { t, superadmin } = await usersTestApp();
const admin = (await createSignedInUser(t, { role: 'admin' })).headers;
const importCount = async () => (await t.db.select().from(imports)).length;

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

import { importApiMessages } from '@lending/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, createUser } from '../../../test/support/factories';
import { xlsxBytes } from '../../../test/support/import-files';
import {
  checkImport,
  errorLines,
  getImport,
  importReaches,
  PEOPLE,
  postImport,
  startImportQueue,
  uploaded,
} from '../../../test/support/imports';
import { createLoan } from '../../../test/support/loans';
import { usersTestApp } from '../../../test/support/users';
import { importReferences, imports, users } from '../../db/schema';

const { t } = await usersTestApp();
const admin = (await createSignedInUser(t, { role: 'admin' })).headers;
await startImportQueue(t);

// The book the file meets: an agent, a customer kept under reference C-900 by an earlier import, a loan.
const bookAgent = await createUser(t.db, { role: 'agent', name: 'Kiran Book', mobile: '9876500099' });
const bookCustomer = await createUser(t.db, { role: 'user', agentId: bookAgent.id, mobile: '9876500098' });
await t.db.insert(importReferences).values({
  kind: 'customer',
  referenceKey: 'C-900',
  reference: 'C-900',
  recordId: bookCustomer.id,
});
const { loan } = await createLoan(t.db, {
  customer: bookCustomer,
  createdBy: bookAgent.id,
  startDate: '2026-10-01',
});

/** A workbook whose sheets are not in the order the checks need: collections and customers come first. */
const book = () =>
  xlsxBytes((workbook) => {
    const collections = workbook.addWorksheet('Collections');
    for (const row of [
      ['Loan', 'Amount', 'Date', 'Mode', 'UTR'],
      ['OLD-1', '1,200', '02/11/2026', 'UPI', 'UTR-1'],
      [loan.loanCode, '120', '03/11/2026', 'Cash', ''],
      ['OLD-404', '500', '03/11/2026', 'UPI', 'UTR-2'],
      ['OLD-1', '12 rupees', '03/11/2026', '', ''],
    ])
      collections.addRow(row);
    const customers = workbook.addWorksheet('Customers');
    for (const row of [
      ...PEOPLE.customers,
      ['Gita Rao', '98765', 'gita@example.com', '', 'C-101', '9876500001', ''],
      ['Hari Das', '9876500015', 'hari@example.com', '', 'C-900', '9876500077', ''],
      ['Uma Iyer', '9876500016', 'anil@example.com', '', 'c-101', bookAgent.mobile ?? '', ''],
    ])
      customers.addRow([...row]);
    const agents = workbook.addWorksheet('Agents');
    for (const row of PEOPLE.agents) agents.addRow([...row]);
    const loans = workbook.addWorksheet('Loans');
    for (const row of [
      ['Loan No', 'Customer', 'Loan amount', 'Per-day EMI', 'Tenure', 'Start date', 'EMIs paid'],
      ['OLD-1', 'C-101', '10000', '120', '100', '01/10/2026', '30'],
      ['OLD-2', '9876500098', '5000', '60', '100', '01/10/2026', ''],
    ])
      loans.addRow(row);
  });

describe('the check (a dry run)', () => {
  it('lists every row error in the product’s words, counts each kind, and saves nothing', async () => {
    const usersBefore = (await t.db.select().from(users)).length;
    const data = await uploaded(t, admin, 'book.xlsx', await book());
    const started = await postImport(t, admin, data.id, 'check');
    expect(started.statusCode).toBe(202);
    expect(started.json().message).toBe('Checking every row against the book; nothing is saved yet');
    const checked = await importReaches(t, admin, data.id, ['checked']);
    expect(checked.job).toMatchObject({
      kind: 'import.check',
      status: 'succeeded',
      progressTotal: 14,
      progressDone: 14,
    });
    expect(await errorLines(t, admin, data.id)).toEqual([
      "Customers: Row 5, Phone: '98765' is not a 10-digit mobile number",
      'Customers: Row 5, Customer ID: C-101 appears again (first on row 2)',
      `Customers: Row 6, Customer ID: C-900 is already a customer in the book (${bookCustomer.name})`,
      'Customers: Row 6, Agent: no agent with mobile 9876500077',
      'Customers: Row 7, Email: anil@example.com appears again (first on row 2)',
      'Customers: Row 7, Customer ID: c-101 appears again (first on row 2)',
      "Collections: Row 5, Amount: '12 rupees' is not an amount",
    ]);
    expect(checked.errorCount).toBe(7);
    // OLD-404 is in neither the book nor the file: it waits to be matched, and is no error.
    expect(checked.summary).toEqual({
      agents: { rows: 2, valid: 2, written: 0, toMatch: 0 },
      customers: { rows: 6, valid: 3, written: 0, toMatch: 0 },
      loans: { rows: 2, valid: 2, written: 0, toMatch: 0 },
      collections: { rows: 4, valid: 2, written: 0, toMatch: 1, alreadyImported: 0 },
    });
    expect(checked.checkedAt).not.toBeNull();
    expect(await errorLines(t, admin, data.id, 'Collections')).toEqual([
      "Collections: Row 5, Amount: '12 rupees' is not an amount",
    ]);
    const page = (
      await t.app.inject({
        method: 'GET',
        url: `/api/imports/${data.id}/errors?pageSize=2&page=2`,
        headers: admin,
      })
    ).json();
    expect(page).toMatchObject({ total: 7, totalPages: 4, page: 2 });
    expect(page.errors.map((e: { row: number }) => e.row)).toEqual([6, 6]);
    expect((await t.db.select().from(users)).length).toBe(usersBefore);

    // With errors, the commit is refused in the lender's words.
    const commit = await postImport(t, admin, data.id, 'commit');
    expect(commit.statusCode).toBe(409);
    expect(commit.json()).toMatchObject({
      code: 'IMPORT_NOT_COMMITTABLE',
      message: importApiMessages.hasErrors(7),
    });
  });

  it('refuses to start without a sheet to import or with a required column missing', async () => {
    const data = await uploaded(
      t,
      admin,
      'people.xlsx',
      await xlsxBytes((workbook) => {
        workbook.addWorksheet('Agents').addRow(['Name', 'Email', 'Address']);
        workbook.addWorksheet('Notes').addRow(['Note', 'Date']);
      }),
    );
    const missing = await postImport(t, admin, data.id, 'check');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'IMPORT_COLUMNS_MISSING',
      message: importApiMessages.missingColumns('Agents', 'Mobile'),
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/imports/${data.id}/mapping`,
      headers: admin,
      payload: { sheets: [{ name: 'Agents', kind: null }] },
    });
    const nothing = await postImport(t, admin, data.id, 'check');
    expect(nothing.json()).toMatchObject({
      code: 'IMPORT_MAPPING_INVALID',
      message: importApiMessages.nothingToImport,
    });
    expect((await getImport(t, admin, data.id)).status).toBe('uploaded');
    const commit = await postImport(t, admin, data.id, 'commit');
    expect(commit.json()).toMatchObject({
      code: 'IMPORT_NOT_COMMITTABLE',
      message: importApiMessages.notCommittable,
    });
  });

  it('is refused (409), as is a remapping, while the import is being checked or committed', async () => {
    const csv = `${PEOPLE.agents.map((row) => row.join(',')).join('\n')}\n`;
    const data = await uploaded(t, admin, 'agents.csv', csv);
    for (const status of ['checking', 'committing', 'committed'] as const) {
      await t.db.update(imports).set({ status }).where(eq(imports.id, data.id));
      const check = await postImport(t, admin, data.id, 'check');
      expect(check.statusCode).toBe(409);
      expect(check.json()).toMatchObject({ code: 'IMPORT_LOCKED', message: importApiMessages.notCheckable });
      const remap = await t.app.inject({
        method: 'PUT',
        url: `/api/imports/${data.id}/mapping`,
        headers: admin,
        payload: { sheets: [{ name: 'agents', kind: 'agents' }] },
      });
      expect(remap.statusCode).toBe(409);
    }
  });

  it('lists merged cells on the first row they span', async () => {
    const data = await uploaded(
      t,
      admin,
      'agents.xlsx',
      await xlsxBytes((workbook) => {
        const sheet = workbook.addWorksheet('Agents');
        sheet.addRow(['Name', 'Mobile', 'Email']);
        sheet.addRow(['Asha', '9876500031', 'asha@example.com']);
        sheet.addRow(['Bala', '9876500032', 'bala@example.com']);
        sheet.mergeCells('A2:A3');
      }),
    );
    const checked = await checkImport(t, admin, data.id);
    expect(await errorLines(t, admin, data.id)).toEqual([
      'Agents: Row 3, Name: is empty; this column is required',
      'Agents: Row 2, Name: cells A2:A3 are merged, so the value belongs to one row only; unmerge them and fill in every row',
    ]);
    expect(checked.summary?.agents).toEqual({ rows: 2, valid: 0, written: 0, toMatch: 0 });
  });

  it('lists a cell with a NUL byte (a text file otherwise) as that row’s error', async () => {
    const csv =
      'Name,Mobile,Email\nAsha,9876500061,asha61@example.com\nBa\u0000la,9876500062,bala62@example.com\n';
    const data = await uploaded(t, admin, 'agents.csv', csv);
    await checkImport(t, admin, data.id);
    expect(await errorLines(t, admin, data.id)).toEqual([
      'agents: Row 3, Name: has a NUL byte or another control character; retype the cell',
    ]);
  });

  it('fails, with the reason, when the stored file can no longer be read', async () => {
    const csv = `${PEOPLE.agents.map((row) => row.join(',')).join('\n')}\n`;
    const data = await uploaded(t, admin, 'agents.csv', csv);
    const [row] = await t.db.select().from(imports).where(eq(imports.id, data.id));
    await t.deps.storage.delete(row?.storageKey ?? '');
    const failed = await checkImport(t, admin, data.id);
    expect(failed.status).toBe('failed');
    expect(failed.job).toMatchObject({
      status: 'failed',
      error: 'The uploaded file is no longer kept; upload it again',
    });
    // A failed import can be mapped and checked again (here it fails again, the file being gone).
    expect((await postImport(t, admin, data.id, 'check')).statusCode).toBe(202);
  });
});

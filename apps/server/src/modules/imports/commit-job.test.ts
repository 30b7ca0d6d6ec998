import { importApiMessages } from '@lending/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, createUser } from '../../../test/support/factories';
import { xlsxBytes } from '../../../test/support/import-files';
import {
  checkImport,
  errorLines,
  importReaches,
  PEOPLE,
  postImport,
  startImportQueue,
  uploaded,
  uploadImport,
} from '../../../test/support/imports';
import { usersTestApp } from '../../../test/support/users';
import { auditLogs, importReferences, imports, roles, users } from '../../db/schema';

const { t } = await usersTestApp();
const admin = (await createSignedInUser(t, { role: 'admin' })).headers;
// Two rows a batch: the agents are written, and a first batch of customers, before a later row fails.
await startImportQueue(t, 2);

const workbookOf = (sheets: Record<string, readonly (readonly string[])[]>) =>
  xlsxBytes((workbook) => {
    for (const [name, rows] of Object.entries(sheets)) {
      const sheet = workbook.addWorksheet(name);
      for (const row of rows) sheet.addRow([...row]);
    }
  });

const peopleNamed = async (emails: readonly string[]) =>
  t.db
    .select({ user: users, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(sql`lower(${users.email})`, [...emails]));

const auditsOf = (action: string, importId: number) =>
  t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), sql`${auditLogs.metadata}->>'import_id' = ${String(importId)}`));

const committed = async (bytes: Buffer, name = 'book.xlsx') => {
  const data = await uploaded(t, admin, name, bytes);
  const checked = await checkImport(t, admin, data.id);
  expect(checked).toMatchObject({ status: 'checked', errorCount: 0 });
  const started = await postImport(t, admin, data.id, 'commit');
  expect(started.statusCode).toBe(202);
  return {
    data,
    started: started.json(),
    done: await importReaches(t, admin, data.id, ['committed', 'failed']),
  };
};

describe('the commit of agents and customers', () => {
  const peopleBytes = workbookOf({ Agents: PEOPLE.agents, Customers: PEOPLE.customers });
  let importId = 0;

  it('writes them with their agents, referrers and references, each audited, in one go', async () => {
    const { data, started, done } = await committed(await peopleBytes);
    importId = data.id;
    expect(started.message).toBe('Importing: everything is written at once, or nothing if anything fails');
    expect(done).toMatchObject({
      status: 'committed',
      summary: {
        agents: { rows: 2, valid: 2, written: 2, toMatch: 0 },
        customers: { rows: 3, valid: 3, written: 3, toMatch: 0 },
      },
      job: { kind: 'import.commit', status: 'succeeded', progressDone: 5, progressTotal: 5 },
    });
    expect(done.committedAt).not.toBeNull();

    const people = new Map(
      (
        await peopleNamed([
          'ramesh@example.com',
          'sunita@example.com',
          'anil@example.com',
          'meena@example.com',
          'ravi@example.com',
        ])
      ).map(({ user, role }) => [user.email, { ...user, role }]),
    );
    const ramesh = people.get('ramesh@example.com');
    const sunita = people.get('sunita@example.com');
    const anil = people.get('anil@example.com');
    const meena = people.get('meena@example.com');
    expect(ramesh).toMatchObject({
      role: 'agent',
      name: 'Ramesh Kumar',
      mobile: '9876500001',
      isActive: true,
    });
    expect(sunita).toMatchObject({ role: 'agent', mobile: '9876500002', address: null, isActive: false });
    expect(anil).toMatchObject({
      role: 'user',
      mobile: '9876500011',
      agentId: ramesh?.id,
      referenceCustomerId: null,
    });
    expect(meena).toMatchObject({
      role: 'user',
      mobile: '9876500012',
      agentId: sunita?.id,
      referenceCustomerId: anil?.id,
    });
    expect(people.get('ravi@example.com')).toMatchObject({
      agentId: ramesh?.id,
      referenceCustomerId: meena?.id,
    });

    // Nobody knows their password: they sign in after "forgot password" (or an admin's reset).
    expect(ramesh?.passwordHash).toMatch(/^!unusable:[0-9a-f]{32}$/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ramesh@example.com', password: ramesh?.passwordHash ?? '' },
    });
    expect(login.statusCode).toBe(401);

    const references = await t.db
      .select()
      .from(importReferences)
      .where(eq(importReferences.importId, data.id));
    expect(references.map((r) => [r.kind, r.referenceKey, r.recordId, r.rowNumber])).toEqual(
      expect.arrayContaining([
        ['customer', 'C-101', anil?.id, 2],
        ['customer', 'C-102', meena?.id, 3],
      ]),
    );
    expect(references).toHaveLength(2);

    const imported = await auditsOf('user_imported', data.id);
    expect(imported).toHaveLength(5);
    expect(imported.find((row) => row.resourceId === String(meena?.id))?.metadata).toEqual({
      import_id: data.id,
      file_name: 'book.xlsx',
      sheet: 'Customers',
      row: 3,
      role: 'customer',
    });
    const [committedAudit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'import_committed'), eq(auditLogs.resourceId, String(data.id))));
    expect(committedAudit?.userId).not.toBeNull();

    // The rows are in the book: the file is no longer kept, and the import is closed.
    const [row] = await t.db.select().from(imports).where(eq(imports.id, data.id));
    expect(await t.deps.storage.getStream(row?.storageKey ?? '')).toBeNull();
    const again = await postImport(t, admin, data.id, 'commit');
    expect(again.json()).toMatchObject({
      code: 'IMPORT_NOT_COMMITTABLE',
      message: importApiMessages.notCommittable,
    });
    expect((await postImport(t, admin, data.id, 'check')).json().code).toBe('IMPORT_LOCKED');
  });

  it('re-importing the same file changes nothing: every row is already in the book', async () => {
    expect(importId).toBeGreaterThan(0);
    const userCount = async () => (await t.db.select({ id: users.id }).from(users)).length;
    const before = await userCount();
    const response = await uploadImport(t, admin, 'book again.xlsx', await peopleBytes);
    expect(response.json().message).toContain(`This file was imported before (import ${importId}, `);
    const data = response.json().data;
    const checked = await checkImport(t, admin, data.id);
    expect(checked.summary).toEqual({
      agents: { rows: 2, valid: 0, written: 0, toMatch: 0 },
      customers: { rows: 3, valid: 0, written: 0, toMatch: 0 },
    });
    const lines = await errorLines(t, admin, data.id);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Agents: Row 2, Mobile No: 9876500001 is already an agent in the book (Ramesh Kumar)',
        'Agents: Row 2, E-mail: ramesh@example.com already belongs to Ramesh Kumar in the book',
        'Customers: Row 2, Phone: 9876500011 is already a customer in the book (Anil Sharma)',
        'Customers: Row 2, Customer ID: C-101 is already a customer in the book (Anil Sharma)',
      ]),
    );
    const commit = await postImport(t, admin, data.id, 'commit');
    expect(commit.statusCode).toBe(409);
    expect(commit.json().message).toBe(importApiMessages.hasErrors(checked.errorCount));
    expect(await userCount()).toBe(before);
  });
});

describe('a commit that fails', () => {
  const agents = [
    ['Name', 'Mobile', 'Email'],
    ['Asha Rao', '9876500041', 'asha@example.com'],
    ['Bala Iyer', '9876500042', 'bala@example.com'],
  ];
  const customers = [
    ['Name', 'Mobile', 'Email', 'Customer reference', 'Agent'],
    ['Chitra', '9876500051', 'chitra@example.com', 'K-1', '9876500041'],
    ['Deepa', '9876500052', 'deepa@example.com', 'K-2', '9876500042'],
    ['Esha', '9876500053', 'esha@example.com', 'K-3', '9876500041'],
  ];
  const emails = [
    'asha@example.com',
    'bala@example.com',
    'chitra@example.com',
    'deepa@example.com',
    'esha@example.com',
  ];

  it('leaves no row of it when the book changed since the check, and says which row', async () => {
    const data = await uploaded(
      t,
      admin,
      'branch.xlsx',
      await workbookOf({ Agents: agents, Customers: customers }),
    );
    expect(await checkImport(t, admin, data.id)).toMatchObject({ status: 'checked', errorCount: 0 });
    // Someone takes the last customer's e-mail between the check and the commit.
    const taker = await createUser(t.db, { role: 'user', email: 'esha@example.com', name: 'Esha Elsewhere' });
    expect((await postImport(t, admin, data.id, 'commit')).statusCode).toBe(202);
    const failed = await importReaches(t, admin, data.id, ['failed']);
    expect(failed.job).toMatchObject({
      kind: 'import.commit',
      status: 'failed',
      error: importApiMessages.bookChanged(
        'Customers: Row 4, Email: esha@example.com already belongs to Esha Elsewhere in the book',
      ),
    });
    // The agents and the first customers were written before row 4 failed: all rolled back.
    expect((await peopleNamed(emails)).map(({ user }) => user.id)).toEqual([taker.id]);
    expect(await auditsOf('user_imported', data.id)).toEqual([]);
    expect(await t.db.select().from(importReferences).where(eq(importReferences.importId, data.id))).toEqual(
      [],
    );
    expect((await postImport(t, admin, data.id, 'commit')).statusCode).toBe(409);

    // The lender checks again (the row is listed), the book is put right, and the commit starts from nothing.
    await checkImport(t, admin, data.id);
    expect(await errorLines(t, admin, data.id)).toEqual([
      'Customers: Row 4, Email: esha@example.com already belongs to Esha Elsewhere in the book',
    ]);
    await t.db.delete(users).where(eq(users.id, taker.id));
    expect(await checkImport(t, admin, data.id)).toMatchObject({ status: 'checked', errorCount: 0 });
    expect((await postImport(t, admin, data.id, 'commit')).statusCode).toBe(202);
    const done = await importReaches(t, admin, data.id, ['committed']);
    expect(done.summary).toMatchObject({ agents: { written: 2 }, customers: { written: 3 } });
    expect(await peopleNamed(emails)).toHaveLength(5);
    expect(await auditsOf('user_imported', data.id)).toHaveLength(5);
  });
});

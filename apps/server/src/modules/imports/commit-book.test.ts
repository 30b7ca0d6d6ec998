import { importApiMessages, referenceKey } from '@lending/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { okBody as ok } from '../../../test/support/books';
import { emiTestApp } from '../../../test/support/emi-api';
import { xlsxBytes } from '../../../test/support/import-files';
import {
  checkImport,
  errorLines,
  importReaches,
  PEOPLE,
  postImport,
  startImportQueue,
  uploaded,
} from '../../../test/support/imports';
import { createLoan } from '../../../test/support/loans';
import {
  auditLogs,
  emiPayments,
  emis,
  importCollections,
  importReferences,
  loanLedger,
  loans,
  users,
} from '../../db/schema';
import { verifyBooks } from '../books';
import { catchUpEveryFigure } from '../read-model';

// The test clock's today is 2026-11-21: the upload's cut-over day when it names none.
const { t, cast, api } = await emiTestApp();
const admin = cast.admin.headers;
const CUT_OVER = '2026-11-21';
// Two rows a batch: the loans cross batch edges, and a failing loan comes after written ones.
await startImportQueue(t, 2);

type Sheets = Record<string, readonly (readonly (string | number)[])[]>;
const workbookOf = (sheets: Sheets) =>
  xlsxBytes((workbook) => {
    for (const [name, rows] of Object.entries(sheets)) {
      const sheet = workbook.addWorksheet(name);
      for (const row of rows) sheet.addRow([...row]);
    }
  });

/** Uploads, checks (no error) and commits `bytes`; answers the committed import. */
const committed = async (name: string, bytes: Buffer) => {
  const data = await uploaded(t, admin, name, bytes);
  const checked = await checkImport(t, admin, data.id);
  expect(checked.status).toBe('checked');
  expect(await errorLines(t, admin, data.id)).toEqual([]);
  expect((await postImport(t, admin, data.id, 'commit')).statusCode).toBe(202);
  return importReaches(t, admin, data.id, ['committed', 'failed']);
};

const count = async (
  table: typeof users | typeof loans | typeof emis | typeof loanLedger | typeof emiPayments,
) => Number((await t.db.select({ n: sql<number>`count(*)` }).from(table))[0]?.n ?? 0);
const counts = async () => ({
  users: await count(users),
  loans: await count(loans),
  emis: await count(emis),
  ledger: await count(loanLedger),
  payments: await count(emiPayments),
});

const loanByReference = async (reference: string) => {
  const [row] = await t.db
    .select({ loan: loans })
    .from(importReferences)
    .innerJoin(loans, eq(loans.id, importReferences.recordId))
    .where(
      and(eq(importReferences.kind, 'loan'), eq(importReferences.referenceKey, referenceKey(reference))),
    );
  return row?.loan;
};
const emisOf = (loanId: number) =>
  t.db.select().from(emis).where(eq(emis.loanId, loanId)).orderBy(asc(emis.emiNumber));
const openEmis = async (loanId: number) =>
  (await emisOf(loanId)).filter((emi) => emi.status === 'pending' || emi.status === 'partial');

const report = async (from: string, to: string) =>
  ok(
    await api.get(
      admin,
      `/api/loans/agent/collection-report?limit=100&startDate=${from}%2000:00:00&endDate=${to}%2023:59:59`,
    ),
  );

// A loan already in the book, which a collection names by its code.
const bookLoan = (
  await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-12', totalEmiDays: 10 })
).loan;

const LOAN_HEADER = [
  'Loan reference',
  'Customer',
  'Agent',
  'Loan amount',
  'Per-day EMI',
  'Tenure (EMI days)',
  'Start date',
  'Status',
  'EMIs paid',
  'Amount paid',
  'Carried dues',
  'Late charges due',
  'Last payment date',
];
const COLLECTION_HEADER = ['Loan', 'Amount', 'Date', 'Mode', 'UTR / reference', 'Collected by'];

const BOOK: Sheets = {
  Agents: PEOPLE.agents,
  Customers: PEOPLE.customers,
  Loans: [
    LOAN_HEADER,
    // Running: 40 EMIs settled less ₹150 carried, ₹50 towards EMI 41 (₹4,700 paid), ₹30 late charges.
    [
      'OLD-101',
      'C-101',
      '',
      '10000',
      '120',
      '100',
      '01/10/2026',
      'Approved',
      '40',
      '4700',
      '150',
      '30',
      '18/11/2026',
    ],
    [
      'OLD-102',
      '9876500012',
      '',
      '1000',
      '120',
      '10',
      '01/09/2026',
      'Closed',
      '10',
      '',
      '',
      '',
      '10/09/2026',
    ],
    ['OLD-103', '9876500013', '', '10000', '120', '100', '01/10/2026', 'Default', '20', '', '', '200', ''],
    ['OLD-104', 'C-102', '', '1000', '120', '10', '21/11/2026', 'Approved', '0', '', '', '', ''],
  ],
  Collections: [
    COLLECTION_HEADER,
    ['OLD-101', '370', '21/11/2026', 'UPI', 'UTR-BOOK-1', ''],
    [bookLoan.loanCode, '240', '20/11/2026', 'Cash', '', '9876500001'],
    ['OLD-999', '500', '19/11/2026', 'Cash', '', '9876500001'],
  ],
};

// Each test runs check and commit jobs through the queue; on a busy machine waiting for them can
// pass the 30 s default. These tests assert behaviour, never speed.
describe('the commit of a whole book', { timeout: 120_000 }, () => {
  const bytes = workbookOf(BOOK);
  let importId = 0;

  it('writes people, loans in every position with their opening rows, and the collections, in one go', async () => {
    const before = await counts();
    const done = await committed('old-book.xlsx', await bytes);
    importId = done.id;
    expect(done).toMatchObject({
      status: 'committed',
      summary: {
        agents: { rows: 2, valid: 2, written: 2, toMatch: 0 },
        customers: { rows: 3, valid: 3, written: 3, toMatch: 0 },
        loans: { rows: 4, valid: 4, written: 4, toMatch: 0 },
        collections: { rows: 3, valid: 2, written: 2, toMatch: 1 },
      },
      job: { kind: 'import.commit', status: 'succeeded' },
    });
    expect((await counts()).users - before.users).toBe(5);
    expect((await counts()).loans - before.loans).toBe(4);

    const running = await loanByReference('OLD-101');
    const closed = await loanByReference('OLD-102');
    const defaulted = await loanByReference('OLD-103');
    const today = await loanByReference('OLD-104');
    expect([running?.status, closed?.status, defaulted?.status, today?.status]).toEqual([
      'approved',
      'closed',
      'default',
      'approved',
    ]);
    const [anil] = await t.db.select().from(users).where(eq(users.mobile, '9876500011'));
    expect(running).toMatchObject({ customerId: anil?.id, loanAmount: 1_000_000, perDayEmi: 12_000 });

    // The running loan: 40 EMIs settled and a part of EMI 41 in the opening position, then EMI 42
    // paid by the collection of ₹370; EMIs 43–100 open.
    const runningOpen = await openEmis(running?.id ?? 0);
    // EMIs 39–41 stay part paid: their shortfall was carried to the next EMI, which 42's payment took.
    expect(runningOpen.filter((emi) => emi.status === 'partial').map((emi) => emi.emiNumber)).toEqual([
      39, 40, 41,
    ]);
    expect(runningOpen.filter((emi) => emi.status === 'pending').map((emi) => emi.emiNumber)).toEqual(
      Array.from({ length: 58 }, (_, i) => 43 + i),
    );
    expect(await openEmis(closed?.id ?? 0)).toEqual([]);
    expect(await openEmis(defaulted?.id ?? 0)).toEqual([]);
    expect(await openEmis(today?.id ?? 0)).toHaveLength(10);

    // Every ledger row of the loans of the file is an opening row (or the collection's), each opening
    // row dated the cut-over day and linked to the loan's `loan_imported` audit row naming file and row.
    for (const [reference, loan, row] of [
      ['OLD-101', running, 2],
      ['OLD-102', closed, 3],
      ['OLD-103', defaulted, 4],
    ] as const) {
      const opening = (
        await t.db
          .select()
          .from(loanLedger)
          .where(eq(loanLedger.loanId, loan?.id ?? 0))
      ).filter((entry) => entry.kind === 'opening');
      expect(opening.length, reference).toBeGreaterThan(0);
      expect(new Set(opening.map((entry) => entry.businessDate)), reference).toEqual(new Set([CUT_OVER]));
      const [audit] = await t.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'loan_imported'), eq(auditLogs.resourceId, String(loan?.id))));
      expect(new Set(opening.map((entry) => entry.auditId)), reference).toEqual(new Set([audit?.id]));
      expect(audit?.metadata, reference).toMatchObject({
        import_id: importId,
        file_name: 'old-book.xlsx',
        row,
        reference,
      });
    }

    // The collections paid are payments: ₹120 by UPI on OLD-101, ₹240 (two EMIs) on the book's loan.
    const paidRows = await t.db
      .select()
      .from(importCollections)
      .where(eq(importCollections.importId, importId))
      .orderBy(asc(importCollections.rowNumber));
    expect(paidRows.map((row) => [row.rowNumber, row.status, row.loanId])).toEqual([
      [2, 'paid', running?.id],
      [3, 'paid', bookLoan.id],
      [4, 'to_match', null],
    ]);
    const runningPayments = await t.db
      .select()
      .from(emiPayments)
      .where(eq(emiPayments.loanId, running?.id ?? 0));
    // ₹370 is EMI 42 in full: its ₹120, the ₹150 carried, the ₹70 left of EMI 41 and ₹30 late charges.
    expect(
      runningPayments.map((p) => [p.emiNumber, p.paymentType, p.paymentMode, p.amount, p.paymentDate]),
    ).toEqual([[42, 'full', 'upi', 37_000, CUT_OVER]]);
    const bookPayments = await t.db.select().from(emiPayments).where(eq(emiPayments.loanId, bookLoan.id));
    expect(bookPayments.map((p) => [p.emiNumber, p.amount])).toEqual([
      [1, 12_000],
      [2, 12_000],
    ]);
    const [ramesh] = await t.db.select().from(users).where(eq(users.mobile, '9876500001'));
    expect(bookPayments.every((p) => p.collectedBy === ramesh?.id)).toBe(true);

    // No day before the cut-over shows a collection; the cut-over day shows only the two payments.
    const earlier = await report('2026-09-01', '2026-11-20');
    expect([earlier.count, earlier.grandTotalPaidAmount]).toEqual([0, 0]);
    const day = await report(CUT_OVER, CUT_OVER);
    expect(day.grandTotalPaidAmount).toBe(610);

    // The unknown loan's row waits to be matched.
    const toMatch = ok(await api.get(admin, '/api/imports/to-match?pageSize=200'));
    expect(toMatch.collections).toEqual(
      // It keeps its collector: matched later, the cash is with the agent the sheet named.
      expect.arrayContaining([
        expect.objectContaining({ loanText: 'OLD-999', collectedBy: { id: ramesh?.id, name: ramesh?.name } }),
      ]),
    );

    await catchUpEveryFigure(t.db);
    const books = await verifyBooks(t.db);
    expect(books.differing).toEqual([]);
    expect(books.dayTotalsDiffering).toEqual([]);
  });

  it('re-importing the same file changes nothing: the commit is refused', async () => {
    expect(importId).toBeGreaterThan(0);
    const before = await counts();
    const data = await uploaded(t, admin, 'old-book again.xlsx', await bytes);
    const checked = await checkImport(t, admin, data.id);
    expect(checked.errorCount).toBeGreaterThan(0);
    const lines = await errorLines(t, admin, data.id);
    expect(lines).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Loans: Row 2, Loan reference: OLD-101 .*in the book/)]),
    );
    const commit = await postImport(t, admin, data.id, 'commit');
    expect(commit.statusCode).toBe(409);
    expect(commit.json().message).toBe(importApiMessages.hasErrors(checked.errorCount));
    expect(await counts()).toEqual(before);
  });
});

describe('a collections-only file', { timeout: 120_000 }, () => {
  const rows = [
    COLLECTION_HEADER,
    [bookLoan.loanCode, '120', '21/11/2026', 'Cash', '', ''],
    [bookLoan.loanCode, '120', '21/11/2026', 'Cash', '', ''],
    [bookLoan.loanCode, '120', '21/11/2026', 'UPI', 'UTR-ONLY-1', ''],
  ];
  const paymentsOfBookLoan = async () =>
    (await t.db.select().from(emiPayments).where(eq(emiPayments.loanId, bookLoan.id))).length;

  it('pays each row once, however often it is uploaded', async () => {
    const start = await paymentsOfBookLoan();
    const first = await committed('collections.xlsx', await workbookOf({ Collections: rows }));
    expect(first.summary?.collections).toMatchObject({ rows: 3, written: 3, toMatch: 0, alreadyImported: 0 });
    expect(await paymentsOfBookLoan()).toBe(start + 3);
    const afterFirst = await counts();

    // The same file again: nothing is paid twice.
    const again = await uploaded(t, admin, 'collections.xlsx', await workbookOf({ Collections: rows }));
    const checked = await checkImport(t, admin, again.id);
    // Every row is keyed as before (its UTR, or its hash and count): checked clean, flagged at the dry
    // run as imported before, paid nothing.
    expect(checked.errorCount).toBe(0);
    expect(checked.summary?.collections).toMatchObject({ rows: 3, valid: 3, alreadyImported: 3 });
    expect((await postImport(t, admin, again.id, 'commit')).statusCode).toBe(202);
    const done = await importReaches(t, admin, again.id, ['committed']);
    expect(done.summary?.collections).toMatchObject({ rows: 3, written: 0, toMatch: 0, alreadyImported: 3 });
    expect(await counts()).toEqual(afterFirst);

    // Another file repeating the second cash row and the UTR, with one new row: only that one is paid.
    const other = await workbookOf({
      Collections: [
        ['Loan', 'Amount', 'Date', 'Mode', 'UTR / reference', 'Note'],
        [bookLoan.loanCode, '120', '21/11/2026', 'Cash', '', 'again'],
        [bookLoan.loanCode, '120', '21/11/2026', 'UPI', 'UTR-ONLY-1', 'again'],
        [bookLoan.loanCode, '120', '21/11/2026', 'UPI', 'UTR-ONLY-2', 'new'],
      ],
    });
    const third = await uploaded(t, admin, 'more collections.xlsx', other);
    const thirdChecked = await checkImport(t, admin, third.id);
    expect(thirdChecked.errorCount).toBe(0);
    // The first cash row of this file is the first of its kind here: the first file's first cash row.
    expect(thirdChecked.summary?.collections).toMatchObject({ rows: 3, alreadyImported: 2 });
    expect((await postImport(t, admin, third.id, 'commit')).statusCode).toBe(202);
    const thirdDone = await importReaches(t, admin, third.id, ['committed']);
    expect(thirdDone.summary?.collections).toMatchObject({ rows: 3, written: 1, alreadyImported: 2 });
    expect(await paymentsOfBookLoan()).toBe(start + 4);
  });
});

describe('a commit that fails among the loans', { timeout: 120_000 }, () => {
  it('leaves no loan, EMI, ledger, audit or user row of the import', async () => {
    const file = await workbookOf({
      Agents: [
        ['Name', 'Mobile', 'Email'],
        ['Farah Ali', '9876500061', 'farah@example.com'],
      ],
      Customers: [
        ['Name', 'Mobile', 'Email', 'Customer reference', 'Agent'],
        ['Gita', '9876500071', 'gita@example.com', 'F-1', '9876500061'],
        ['Hari', '9876500072', 'hari@example.com', 'F-2', '9876500061'],
      ],
      Loans: [
        LOAN_HEADER,
        ['FAIL-1', 'F-1', '', '10000', '120', '100', '01/10/2026', 'Approved', '10', '', '', '', ''],
        ['FAIL-2', 'F-2', '', '10000', '120', '100', '01/10/2026', 'Approved', '10', '', '', '', ''],
        ['FAIL-3', 'F-1', '', '1000', '120', '10', '01/11/2026', 'Closed', '10', '', '', '', ''],
      ],
    });
    const data = await uploaded(t, admin, 'failing.xlsx', file);
    expect(await checkImport(t, admin, data.id)).toMatchObject({ status: 'checked', errorCount: 0 });
    const before = await counts();
    // Meanwhile another import takes FAIL-3's reference: the loans of the first batch are written
    // before the commit meets it.
    await t.db.insert(importReferences).values({
      kind: 'loan',
      referenceKey: referenceKey('FAIL-3'),
      reference: 'FAIL-3',
      recordId: bookLoan.id,
      importId: null,
      rowNumber: null,
    });
    expect((await postImport(t, admin, data.id, 'commit')).statusCode).toBe(202);
    const failed = await importReaches(t, admin, data.id, ['failed']);
    expect(failed.job?.error).toMatch(/^.*Loans: Row 4, Loan reference: FAIL-3/);
    expect(await counts()).toEqual(before);
    expect(
      await t.db
        .select()
        .from(users)
        .where(inArray(users.mobile, ['9876500061', '9876500071', '9876500072'])),
    ).toEqual([]);
    const audits = await t.db
      .select()
      .from(auditLogs)
      .where(
        sql`${auditLogs.metadata}->>'import_id' = ${String(data.id)} and ${auditLogs.action} <> 'import_commit_started'`,
      );
    expect(audits.map((row) => row.action).filter((action) => action.endsWith('_imported'))).toEqual([]);
    expect(await t.db.select().from(importReferences).where(eq(importReferences.importId, data.id))).toEqual(
      [],
    );
  });
});

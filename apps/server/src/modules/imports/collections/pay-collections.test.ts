import { cashIdentity, creditHeldOf, istStartOfDay, scheduleIdentity } from '@lending/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newImport } from '../../../../test/support/imported-collections';
import { loanTestApp } from '../../../../test/support/loan-api';
import { createLoan, storedInvariant } from '../../../../test/support/loans';
import { auditLogs, emiPayments, emis, importCollections, loanLedger, loans } from '../../../db/schema';
import { verifyBooks } from '../../books';
import { listLedger } from '../../money';
import {
  type CollectionToMatch,
  holdCollectionsToMatch,
  type ImportedCollection,
  type ImportingAdmin,
  payImportedCollections,
} from './index';

// The test clock's business day is 2026-11-21. A ₹120 × 10 loan from the 18th has four EMIs due
// (18th–21st); one from the 12th has all ten due.
const { t, cast } = await loanTestApp();
const admin: ImportingAdmin = { userId: cast.admin.user.id, ip: null, userAgent: 'import' };
const R = 100;

const loanFrom = async (startDate: string, status: 'approved' | 'processing' = 'approved') =>
  (await createLoan(t.db, { customer: cast.customerA, startDate, totalEmiDays: 10, status })).loan;

const record = (loanId: number, change: Partial<ImportedCollection> = {}): ImportedCollection => ({
  loanId,
  amount: 120 * R,
  date: '2026-11-20',
  mode: 'cash',
  utr: null,
  collectedBy: null,
  sheet: 'Collections',
  rowNumber: 2,
  loanText: `L${loanId}`,
  ...change,
});

const pay = (importId: number, records: ImportedCollection[]) =>
  t.db.transaction((tx) => payImportedCollections(t.deps, tx, importId, records, admin));

const emiStatuses = async (loanId: number) =>
  (await t.db.select().from(emis).where(eq(emis.loanId, loanId)).orderBy(asc(emis.emiNumber))).map(
    (emi) => emi.status,
  );
const paymentsOf = (loanId: number) =>
  t.db.select().from(emiPayments).where(eq(emiPayments.loanId, loanId)).orderBy(asc(emiPayments.emiNumber));
const collectedOf = async (loanId: number) =>
  (await t.db.select().from(loanLedger).where(eq(loanLedger.loanId, loanId)))
    .filter((row) => row.kind === 'collected')
    .reduce((sum, row) => sum + row.amount, 0);

const expectBalanced = async (loanId: number) => {
  const { entries, emis: stored, violations } = await storedInvariant(t.db, loanId);
  expect(violations).toEqual([]);
  expect(scheduleIdentity(entries, stored)).toMatchObject({ ok: true });
  expect(cashIdentity(entries)).toMatchObject({ ok: true });
};

describe('payImportedCollections: each row paid through the money frame, in the import’s transaction', () => {
  it('pays exactly one EMI, several EMIs, less than one (credit held) and more than everything open', async () => {
    const importId = await newImport(t.db);
    const [one, several, less, more] = [
      await loanFrom('2026-11-18'),
      await loanFrom('2026-11-18'),
      await loanFrom('2026-11-18'),
      await loanFrom('2026-11-12'),
    ];
    const counts = await pay(importId, [
      record(one.id, { utr: 'UPI-0001', mode: 'upi', collectedBy: cast.agentA.user.id, rowNumber: 2 }),
      record(several.id, { amount: 360 * R, rowNumber: 3 }),
      record(less.id, { amount: 50 * R, rowNumber: 4 }),
      record(more.id, { amount: 1_500 * R, mode: 'bank_transfer', utr: 'NEFT 77', rowNumber: 5 }),
    ]);
    expect(counts).toEqual({ paid: 4, alreadyPaid: 0, toMatch: 0 });

    // Exactly one EMI: EMI 1, by UPI, collected by the row's agent on the row's day, booked today.
    expect(await emiStatuses(one.id)).toEqual(['paid', ...Array(9).fill('pending')]);
    const [payment] = await paymentsOf(one.id);
    expect(payment).toMatchObject({
      emiNumber: 1,
      paymentType: 'full',
      paymentMode: 'upi',
      amount: 120 * R,
      collectedBy: cast.agentA.user.id,
      paymentDate: '2026-11-21',
      collectedAt: istStartOfDay('2026-11-20'),
    });
    const [paidEmi] = await t.db
      .select()
      .from(emis)
      .where(eq(emis.loanId, one.id))
      .orderBy(asc(emis.emiNumber));
    expect(paidEmi?.paymentDate).toBe('2026-11-20');
    const ledger = await t.db.select().from(loanLedger).where(eq(loanLedger.loanId, one.id));
    const cash = ledger.filter((row) => row.kind === 'collected');
    expect(
      cash.map((row) => [row.amount, row.actorId, row.businessDate, row.paymentMode, row.paymentId]),
    ).toEqual([[120 * R, cast.agentA.user.id, '2026-11-21', 'upi', payment?.id]]);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.id, cash[0]?.auditId ?? 0));
    expect(audit).toMatchObject({ action: 'emi_paid', userId: cast.admin.user.id });
    expect(audit?.metadata).toMatchObject({ import_id: importId, utr: 'UPI-0001' });

    // Several: EMIs 1–3, collected by the importing admin (the row names no collector).
    expect(await emiStatuses(several.id)).toEqual(['paid', 'paid', 'paid', ...Array(7).fill('pending')]);
    expect((await paymentsOf(several.id)).map((row) => [row.emiNumber, row.collectedBy])).toEqual([
      [1, cast.admin.user.id],
      [2, cast.admin.user.id],
      [3, cast.admin.user.id],
    ]);

    // Less than one EMI: no EMI paid, no payment record; ₹50 of held cash, audited as such.
    expect(await emiStatuses(less.id)).toEqual(Array(10).fill('pending'));
    expect(await paymentsOf(less.id)).toEqual([]);
    expect(creditHeldOf(await listLedger(t.db, less.id))).toBe(50 * R);
    const held = await t.db.select().from(loanLedger).where(eq(loanLedger.loanId, less.id));
    expect(held.filter((row) => row.cause === 'held_cash').map((row) => [row.kind, row.amount])).toEqual([
      ['collected', 50 * R],
      ['credit', 50 * R],
    ]);
    const [heldAudit] = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.id, held.at(-1)?.auditId ?? 0));
    expect(heldAudit).toMatchObject({ action: 'loan_cash_held' });

    // More than everything open: all ten EMIs paid, the loan closed, ₹300 held (a refund due).
    expect(await emiStatuses(more.id)).toEqual(Array(10).fill('paid'));
    const [closed] = await t.db.select().from(loans).where(eq(loans.id, more.id));
    expect(closed?.status).toBe('closed');
    expect(creditHeldOf(await listLedger(t.db, more.id))).toBe(300 * R);
    const closedAudit = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.resourceId, String(more.id)));
    expect(closedAudit.map((row) => row.action)).toContain('loan_closed');

    // No rupee lost or invented: each loan's cash collected is the row's amount; the books balance.
    for (const [loan, amount] of [
      [one, 120 * R],
      [several, 360 * R],
      [less, 50 * R],
      [more, 1_500 * R],
    ] as const) {
      expect(await collectedOf(loan.id)).toBe(amount);
      await expectBalanced(loan.id);
    }
    const kept = await t.db.select().from(importCollections).where(eq(importCollections.importId, importId));
    expect(kept.map((row) => [row.status, row.loanId, row.paymentId !== null])).toEqual([
      ['paid', one.id, true],
      ['paid', several.id, true],
      ['paid', less.id, false],
      ['paid', more.id, true],
    ]);
    expect(kept[0]?.matchKey).toBe('utr:UPI-0001');
    expect(kept[1]?.matchKey).toMatch(/^row:[0-9a-f]{64}:1$/);
    const books = await verifyBooks(t.db);
    expect(books.differing).toEqual([]);
    expect(books.dayTotalsDiffering).toEqual([]);
  });

  it('pays nothing twice: the same rows again (another upload of the file) are all already paid', async () => {
    const loan = await loanFrom('2026-11-18');
    const rows = [
      record(loan.id, { rowNumber: 2 }),
      // The same payment twice in one file without a reference: two payments, told apart by their count.
      record(loan.id, { rowNumber: 3 }),
      record(loan.id, { utr: 'UTR-9', amount: 240 * R, rowNumber: 4 }),
    ];
    expect(await pay(await newImport(t.db), rows)).toEqual({ paid: 3, alreadyPaid: 0, toMatch: 0 });
    const before = await collectedOf(loan.id);
    expect(before).toBe(480 * R);
    expect(await pay(await newImport(t.db), rows)).toEqual({ paid: 0, alreadyPaid: 3, toMatch: 0 });
    // A later sheet with the UTR row written differently, and the plain row a third time: only that one pays.
    const later = [
      ...rows.slice(0, 2),
      record(loan.id, { utr: ' utr-9 ', amount: 240 * R }),
      record(loan.id),
    ];
    expect(await pay(await newImport(t.db), later)).toEqual({ paid: 1, alreadyPaid: 3, toMatch: 0 });
    expect(await collectedOf(loan.id)).toBe(before + 120 * R);
    await expectBalanced(loan.id);
  });

  it('keeps a row the money path refuses (a loan not running) to be matched, with the refusal as reason', async () => {
    const importId = await newImport(t.db);
    const pending = await loanFrom('2026-11-18', 'processing');
    const running = await loanFrom('2026-11-18');
    const counts = await pay(importId, [record(pending.id, { amount: 77 * R }), record(running.id)]);
    expect(counts).toEqual({ paid: 1, alreadyPaid: 0, toMatch: 1 });
    const [waiting] = await t.db
      .select()
      .from(importCollections)
      .where(eq(importCollections.loanText, `L${pending.id}`));
    expect(waiting).toMatchObject({ status: 'to_match', loanId: null, amount: 77 * R });
    expect(waiting?.reason).toMatch(/approved loans/);
    // The refused row's savepoint took nothing with it: the other row is paid, the pending loan untouched.
    expect(await collectedOf(pending.id)).toBe(0);
    expect(await collectedOf(running.id)).toBe(120 * R);
    expect(await pay(importId, [record(pending.id, { amount: 77 * R })])).toEqual({
      paid: 0,
      alreadyPaid: 1,
      toMatch: 0,
    });
  });
});

describe('holdCollectionsToMatch', () => {
  const unknown = (change: Partial<CollectionToMatch> = {}): CollectionToMatch => ({
    amount: 99 * R,
    date: '2026-11-19',
    mode: 'cash',
    utr: null,
    collectedBy: cast.agentB.user.id,
    sheet: 'Collections',
    rowNumber: 9,
    loanText: 'LN999999',
    reason: 'No loan LN999999 in the file or the book',
    ...change,
  });

  it('keeps the rows once by their keys, and a later file naming the loan the same way pays none of them', async () => {
    const importId = await newImport(t.db);
    const rows = [unknown(), unknown({ utr: 'UPI-H1', amount: 10 * R })];
    expect(await t.db.transaction((tx) => holdCollectionsToMatch(tx, importId, rows))).toEqual({
      paid: 0,
      alreadyPaid: 0,
      toMatch: 2,
    });
    expect(await t.db.transaction((tx) => holdCollectionsToMatch(tx, importId, rows))).toEqual({
      paid: 0,
      alreadyPaid: 2,
      toMatch: 0,
    });
    const kept = await t.db
      .select()
      .from(importCollections)
      .where(inArray(importCollections.loanText, ['LN999999']));
    expect(kept.map((row) => [row.status, row.amount, row.reason])).toEqual([
      ['to_match', 99 * R, 'No loan LN999999 in the file or the book'],
      ['to_match', 10 * R, 'No loan LN999999 in the file or the book'],
    ]);
    // The loan now exists and the same rows resolve to it: they wait for an admin, they are not paid.
    const loan = await loanFrom('2026-11-18');
    const resolved = rows.map(({ reason: _reason, ...row }) => ({ ...row, loanId: loan.id }));
    expect(await pay(await newImport(t.db), resolved)).toEqual({ paid: 0, alreadyPaid: 2, toMatch: 0 });
    expect(await collectedOf(loan.id)).toBe(0);
  });
});

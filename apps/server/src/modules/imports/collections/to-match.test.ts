import { creditHeldOf, importApiMessages } from '@lending/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { okBody as ok, postJson } from '../../../../test/support/books';
import { newImport } from '../../../../test/support/imported-collections';
import { getJson, type Headers, loanTestApp } from '../../../../test/support/loan-api';
import { createLoan } from '../../../../test/support/loans';
import { auditLogs, emiPayments, importCollections, type LoanRow } from '../../../db/schema';
import { verifyBooks } from '../../books';
import { listLedger } from '../../money';
import { type CollectionToMatch, holdCollectionsToMatch } from './index';

// The test clock's business day is 2026-11-21; a ₹120 × 10 loan from the 18th has four EMIs due.
const { t, cast } = await loanTestApp();
const R = 100;

const waiting = (n: number, amount: number): CollectionToMatch => ({
  amount,
  date: '2026-11-19',
  mode: 'upi',
  utr: `UPI-W${n}`,
  collectedBy: null,
  sheet: 'Statement',
  rowNumber: n + 1,
  loanText: `9876500${String(n).padStart(3, '0')}`,
  reason: `No running loan of the customer with mobile 9876500${String(n).padStart(3, '0')}`,
});

/** Five rows waiting: ₹170, ₹10, ₹20, ₹30 and ₹40 (₹270 in all), in this order; the last names agent A. */
const AMOUNTS = [170, 10, 20, 30, 40].map((rupees) => rupees * R);
let ids: number[] = [];
let loan: LoanRow;

beforeAll(async () => {
  const importId = await newImport(t.db);
  await t.db.transaction((tx) =>
    holdCollectionsToMatch(
      tx,
      importId,
      AMOUNTS.map((amount, n) => ({
        ...waiting(n, amount),
        collectedBy: n === 4 ? cast.agentA.user.id : null,
      })),
    ),
  );
  const rows = await t.db.select().from(importCollections).where(eq(importCollections.importId, importId));
  ids = rows.sort((a, b) => a.rowNumber - b.rowNumber).map((row) => row.id);
  loan = (await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-18', totalEmiDays: 10 }))
    .loan;
});

const list = (headers: Headers, query = '') => getJson(t, headers, `/api/imports/to-match${query}`);
const match = (headers: Headers, id: number | string, body: object, key?: string) =>
  postJson(t, headers, `/api/imports/to-match/${id}/match`, body, key);
const dismiss = (headers: Headers, id: number | string, body: object) =>
  postJson(t, headers, `/api/imports/to-match/${id}/dismiss`, body);
const rowOf = async (id: number) => {
  const [row] = await t.db.select().from(importCollections).where(eq(importCollections.id, id));
  return row;
};
const auditOf = (action: string, id: number) =>
  t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.resourceId, String(id))));

describe('GET /imports/to-match', () => {
  it('pages the waiting rows oldest first, with the whole list’s count and Σ amount', async () => {
    const first = ok(await list(cast.admin.headers, '?page=1&pageSize=2'));
    expect(first).toMatchObject({ total: 5, totalPages: 3, page: 1, totalAmount: 270 });
    expect(first.collections).toEqual([
      {
        id: ids[0],
        importId: expect.any(Number),
        sheet: 'Statement',
        row: 1,
        loanText: '9876500000',
        amount: 170,
        collectedOn: '2026-11-19',
        paymentMode: 'upi',
        utr: 'UPI-W0',
        collectedBy: null,
        reason: 'No running loan of the customer with mobile 9876500000',
        createdAt: expect.any(String),
      },
      expect.objectContaining({ id: ids[1], amount: 10 }),
    ]);
    const last = ok(await list(cast.superadmin, '?page=3&pageSize=2'));
    expect(last.collections.map((row: { id: number }) => row.id)).toEqual([ids[4]]);
    expect(last.collections[0].collectedBy).toEqual({ id: cast.agentA.user.id, name: cast.agentA.user.name });
    expect(last.totalAmount).toBe(270);
    expect(ok(await list(cast.admin.headers, '?page=4&pageSize=2')).collections).toEqual([]);
  });

  it('is for admins only, and refuses a bad page', async () => {
    expect((await list(cast.agentA.headers)).statusCode).toBe(403);
    expect((await list(cast.borrower.headers)).statusCode).toBe(403);
    expect((await list({})).statusCode).toBe(401);
    for (const query of ['?pageSize=0', '?pageSize=201', '?page=0', '?page=abc'])
      expect((await list(cast.admin.headers, query)).statusCode, query).toBe(400);
  });
});

describe('POST /imports/to-match/:id/match', () => {
  it('pays the row to the loan through the money path: EMIs due in full, the rest credit held', async () => {
    const id = ids[0] ?? 0;
    const answer = await match(cast.admin.headers, id, { loan_id: loan.id }, 'match-1');
    expect(ok(answer)).toEqual({
      message: `₹170.00 recorded on ${loan.loanCode}; 1 EMI paid (₹120.00); ₹50.00 held as credit`,
    });
    const row = await rowOf(id);
    const [payment] = await t.db.select().from(emiPayments).where(eq(emiPayments.loanId, loan.id));
    expect(row).toMatchObject({
      status: 'paid',
      loanId: loan.id,
      paymentId: payment?.id,
      resolvedBy: cast.admin.user.id,
      resolvedAt: t.clock.now(),
    });
    expect(payment).toMatchObject({ emiNumber: 1, paymentMode: 'upi', collectedBy: cast.admin.user.id });
    expect(creditHeldOf(await listLedger(t.db, loan.id))).toBe(50 * R);
    const [audit] = await auditOf('imported_collection_matched', id);
    expect(audit?.metadata).toMatchObject({
      loan_id: loan.id,
      amount_paise: 170 * R,
      paid_paise: 120 * R,
      held_paise: 50 * R,
      emi_numbers: [1],
    });
    // A repeat under the same Idempotency-Key answers the first answer; without it the row is no longer waiting.
    const replay = await match(cast.admin.headers, id, { loan_id: loan.id }, 'match-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(answer.json());
    const again = await match(cast.admin.headers, id, { loan_id: loan.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'IMPORT_COLLECTION_RESOLVED',
      message: importApiMessages.toMatchNotFound,
    });
    expect(await t.db.select().from(emiPayments).where(eq(emiPayments.loanId, loan.id))).toHaveLength(1);
    expect(ok(await list(cast.admin.headers))).toMatchObject({ total: 4, totalAmount: 100 });
    const books = await verifyBooks(t.db);
    expect(books.differing).toEqual([]);
    expect(books.dayTotalsDiffering).toEqual([]);
  });

  it('puts the cash with the agent the row named, as the import would have', async () => {
    const id = ids[4] ?? 0;
    const own = (
      await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-18', perDayEmiPaise: 40 * R })
    ).loan;
    expect(ok(await match(cast.admin.headers, id, { loan_id: own.id }))).toEqual({
      message: `₹40.00 recorded on ${own.loanCode}; 1 EMI paid (₹40.00)`,
    });
    const [payment] = await t.db.select().from(emiPayments).where(eq(emiPayments.loanId, own.id));
    expect(payment).toMatchObject({ emiNumber: 1, paymentMode: 'upi', collectedBy: cast.agentA.user.id });
    expect(await rowOf(id)).toMatchObject({ status: 'paid', resolvedBy: cast.admin.user.id });
    const [audit] = await auditOf('imported_collection_matched', id);
    expect(audit?.userId).toBe(cast.admin.user.id);
    expect(audit?.metadata).toMatchObject({ collector_id: cast.agentA.user.id, paid_paise: 40 * R });
    expect((await verifyBooks(t.db)).differing).toEqual([]);
  });

  it('refuses an unknown row or loan (404) and a loan not running (409); the row keeps waiting', async () => {
    const id = ids[1] ?? 0;
    const unknownRow = await match(cast.admin.headers, 999_999, { loan_id: loan.id });
    expect(unknownRow.statusCode).toBe(404);
    expect(unknownRow.json().message).toBe(importApiMessages.toMatchNotFound);
    expect((await match(cast.admin.headers, id, { loan_id: 999_999 })).statusCode).toBe(404);
    const pending = (await createLoan(t.db, { customer: cast.customerB, status: 'processing' })).loan;
    const notRunning = await match(cast.admin.headers, id, { loan_id: pending.id });
    expect(notRunning.statusCode).toBe(409);
    expect(notRunning.json().code).toBe('LOAN_NOT_APPROVED');
    expect(await rowOf(id)).toMatchObject({ status: 'to_match', loanId: null, paymentId: null });
    expect(await listLedger(t.db, pending.id)).not.toContainEqual(
      expect.objectContaining({ kind: 'collected' }),
    );
  });

  it('refuses while the named agent’s cash day is closed (409 CASH_DAY_CLOSED); the row keeps waiting', async () => {
    const importId = await newImport(t.db);
    await t.db.transaction((tx) =>
      holdCollectionsToMatch(tx, importId, [{ ...waiting(9, 20 * R), collectedBy: cast.agentB.user.id }]),
    );
    const [row] = await t.db.select().from(importCollections).where(eq(importCollections.importId, importId));
    const id = row?.id ?? 0;
    ok(await postJson(t, cast.admin.headers, '/api/cash/day-closes', { collector_id: cast.agentB.user.id }));
    const refused = await match(cast.admin.headers, id, { loan_id: loan.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CASH_DAY_CLOSED' });
    expect(refused.json().message).toContain('2026-11-21 is closed');
    expect(await rowOf(id)).toMatchObject({ status: 'to_match', loanId: null, paymentId: null });
    // What the dialog then offers: dismissing it stays possible on the closed day.
    ok(await dismiss(cast.admin.headers, id, { reason: 'Taken in with the next day’s cash' }));
  });

  it('refuses bad input with a 400 naming the field, and anyone but admins', async () => {
    const id = ids[1] ?? 0;
    for (const body of [{}, { loan_id: 'abc' }, { loan_id: 0 }, { loan_id: -3 }]) {
      const refused = await match(cast.admin.headers, id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().errors).toEqual([
        expect.objectContaining({ param: 'loan_id', msg: importApiMessages.loanId }),
      ]);
    }
    expect((await match(cast.admin.headers, 0, { loan_id: loan.id })).statusCode).toBe(400);
    expect((await match(cast.agentA.headers, id, { loan_id: loan.id })).statusCode).toBe(403);
    expect((await match(cast.borrower.headers, id, { loan_id: loan.id })).statusCode).toBe(403);
    expect((await match({}, id, { loan_id: loan.id })).statusCode).toBe(401);
    expect((await rowOf(id))?.status).toBe('to_match');
  });
});

describe('POST /imports/to-match/:id/dismiss', () => {
  it('dismisses a waiting row with its reason audited; nothing is paid; twice is a 409', async () => {
    const id = ids[2] ?? 0;
    const answer = ok(await dismiss(cast.superadmin, id, { reason: 'A refund the bank sent back' }));
    expect(answer.message).toMatch(/dismissed/);
    expect(await rowOf(id)).toMatchObject({ status: 'dismissed', loanId: null, paymentId: null });
    const [audit] = await auditOf('imported_collection_dismissed', id);
    expect(audit?.metadata).toMatchObject({ reason: 'A refund the bank sent back', amount_paise: 20 * R });
    const again = await dismiss(cast.admin.headers, id, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('IMPORT_COLLECTION_RESOLVED');
    expect((await match(cast.admin.headers, id, { loan_id: loan.id })).statusCode).toBe(409);
    expect(ok(await list(cast.admin.headers))).toMatchObject({ total: 2, totalAmount: 40 });
  });

  it('refuses a missing or blank reason (400), an unknown row (404) and anyone but admins', async () => {
    const id = ids[3] ?? 0;
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const refused = await dismiss(cast.admin.headers, id, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([expect.objectContaining({ param: 'reason' })]);
    }
    expect((await dismiss(cast.admin.headers, 999_999, { reason: 'x' })).statusCode).toBe(404);
    expect((await dismiss(cast.agentA.headers, id, { reason: 'x' })).statusCode).toBe(403);
    expect((await dismiss(cast.borrower.headers, id, { reason: 'x' })).statusCode).toBe(403);
    expect((await rowOf(id))?.status).toBe('to_match');
  });
});

import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { novemberDay as at, okBody as ok, postJson } from '../../../test/support/books';
import { emiTestApp } from '../../../test/support/emi-api';
import type { Headers } from '../../../test/support/loan-api';
import { createLoan, listEmis, loanRow } from '../../../test/support/loans';
import { auditLogs, idempotencyKeys, loanLedger } from '../../db/schema';

/** Each time a money call asks whether the caller's cash day is open: alone, or with the loan's lock. */
const dayAsked = vi.hoisted(() => vi.fn());
vi.mock('../cash', async (original) => {
  const real = await original<typeof import('../cash')>();
  const assertCashDayOpen: typeof real.assertCashDayOpen = (...args) => {
    dayAsked('alone');
    return real.assertCashDayOpen(...args);
  };
  const cashDayOpenColumn: typeof real.cashDayOpenColumn = (...args) => {
    dayAsked('with the loan');
    return real.cashDayOpenColumn(...args);
  };
  return { ...real, assertCashDayOpen, cashDayOpenColumn };
});

// The test clock's now: 2026-11-21T06:30Z, the business day 2026-11-21.
const { t, cast } = await emiTestApp();

/** A ₹120 × 10 loan from 11-18 (EMIs 1–3 overdue on the 21st) of agent A's customer. */
const tenDayLoan = async () =>
  (await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-18', totalEmiDays: 10 })).loan;

const ledgerRows = async (loanId: number) =>
  (await t.db.select({ n: count() }).from(loanLedger).where(eq(loanLedger.loanId, loanId)))[0]?.n;
const auditRows = async (loanId: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(auditLogs)
      .where(and(eq(auditLogs.resourceType, 'loan'), eq(auditLogs.resourceId, String(loanId))))
  )[0]?.n;
const keptKey = async (userId: number, key: string) =>
  t.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));

const FORECLOSE = { foreclosure_type: 'full', reason: 'Other', payment_mode: 'cash' };

/** The money calls, each as its screen sends it. */
const calls = {
  pay: (loanId: number) => [`/api/emi/pay/${loanId}/1`, { payment_mode: 'cash' }] as const,
  bounce: (loanId: number) => [`/api/emi/bounce/${loanId}/1`, { late_charges: 10 }] as const,
  collect: (loanId: number) => ['/api/emis/pay-overdue', { loan_id: loanId, payment_mode: 'cash' }] as const,
  clearAll: (loanId: number) => [`/api/loans/${loanId}/clear-charges`, { amount: 10 }] as const,
  clearEmi: (emiId: number) => [`/api/loans/emi/${emiId}/clear-charges`, { amount: 5 }] as const,
  hold: (loanId: number, amount = 30) =>
    [`/api/loans/${loanId}/hold-cash`, { amount, payment_mode: 'cash' }] as const,
  apply: (loanId: number) => [`/api/loans/${loanId}/apply-credit`, {}] as const,
  refund: (loanId: number) => [`/api/loans/${loanId}/refund`, { amount: 30, payment_mode: 'cash' }] as const,
  foreclose: (loanId: number) => [`/api/loans/${loanId}/foreclose`, FORECLOSE] as const,
};

const send = (headers: Headers, [url, body]: readonly [string, object], key?: string) =>
  postJson(t, headers, url, body, key);

/** A closed loan holding ₹30 of credit (a refund due): foreclosed, then cash held on it. */
const loanWithRefundDue = async () => {
  const loan = await tenDayLoan();
  ok(await send(cast.admin.headers, calls.foreclose(loan.id)));
  ok(await send(cast.admin.headers, calls.hold(loan.id)));
  return loan;
};

describe('the money frame', () => {
  it('answers a repeat under the same Idempotency-Key with the first answer, moving nothing again, for every money call', async () => {
    const [forPay, forBounce, forClearAll, forClearEmi, forCredit, forForeclosure] = [
      await tenDayLoan(),
      await tenDayLoan(),
      await tenDayLoan(),
      await tenDayLoan(),
      await tenDayLoan(),
      await tenDayLoan(),
    ];
    ok(await send(cast.admin.headers, calls.bounce(forClearAll.id)));
    ok(await send(cast.admin.headers, calls.bounce(forClearEmi.id)));
    const [bouncedEmi] = await listEmis(t.db, forClearEmi.id);
    if (!bouncedEmi) throw new Error('no EMI 1');
    // Credit held that pays the oldest open EMI in full.
    ok(await send(cast.admin.headers, calls.hold(forCredit.id, 120)));
    const forRefund = await loanWithRefundDue();
    const { admin, agentA } = cast;
    const caseOf = (name: string, headers: Headers, call: readonly [string, object], loanId: number) => ({
      name,
      headers,
      call,
      loanId,
    });
    const cases = [
      caseOf('pay', agentA.headers, calls.pay(forPay.id), forPay.id),
      caseOf('collect', agentA.headers, calls.collect(forPay.id), forPay.id),
      caseOf('bounce', agentA.headers, calls.bounce(forBounce.id), forBounce.id),
      caseOf('clear all', admin.headers, calls.clearAll(forClearAll.id), forClearAll.id),
      // Clearing one EMI's charges names the EMI; the rows it writes are still counted on its loan.
      caseOf('clear one', admin.headers, calls.clearEmi(bouncedEmi.id), forClearEmi.id),
      caseOf('apply', admin.headers, calls.apply(forCredit.id), forCredit.id),
      caseOf('hold', agentA.headers, calls.hold(forCredit.id), forCredit.id),
      caseOf('refund', admin.headers, calls.refund(forRefund.id), forRefund.id),
      caseOf('foreclose', admin.headers, calls.foreclose(forForeclosure.id), forForeclosure.id),
    ];
    for (const { name, headers, call, loanId } of cases) {
      const key = `frame-${name}`;
      const first = await send(headers, call, key);
      expect(first.statusCode, `${name}: ${first.body}`).toBe(200);
      const rows = { ledger: await ledgerRows(loanId), audit: await auditRows(loanId) };
      const repeat = await send(headers, call, key);
      expect(repeat.statusCode, name).toBe(200);
      expect(repeat.headers['idempotent-replayed'], name).toBe('true');
      expect(repeat.json(), name).toEqual(first.json());
      expect({ ledger: await ledgerRows(loanId), audit: await auditRows(loanId) }, name).toEqual(rows);
    }
  });

  it('asks whether the collector’s day is open once per call, however many EMIs it pays', async () => {
    t.clock.set(at(21));
    const loan = await tenDayLoan();
    dayAsked.mockClear();
    const answer = ok(await send(cast.agentA.headers, calls.collect(loan.id)));
    expect(answer.receipts).toHaveLength(3);
    // Its shared lock keeps a close out until the call commits: asking again could not answer otherwise.
    // A collection moves cash: the day is read with the loan's lock, no round trip of its own.
    expect(dayAsked.mock.calls).toEqual([['with the loan']]);
  });

  it('refuses the cash a call moves on the caller’s closed cash day with 409 CASH_DAY_CLOSED, writing nothing', async () => {
    t.clock.set(at(21));
    const [forPay, forForeclosure, withCredit] = [await tenDayLoan(), await tenDayLoan(), await tenDayLoan()];
    const refundDue = await loanWithRefundDue();
    ok(await send(cast.admin.headers, calls.hold(withCredit.id, 120)));
    for (const collector of [cast.admin.user.id, cast.agentA.user.id])
      ok(await postJson(t, cast.admin.headers, '/api/cash/day-closes', { collector_id: collector }));

    const refused = [
      { headers: cast.admin.headers, userId: cast.admin.user.id, call: calls.foreclose(forForeclosure.id) },
      { headers: cast.admin.headers, userId: cast.admin.user.id, call: calls.refund(refundDue.id) },
      { headers: cast.agentA.headers, userId: cast.agentA.user.id, call: calls.pay(forPay.id) },
      { headers: cast.agentA.headers, userId: cast.agentA.user.id, call: calls.collect(forPay.id) },
      { headers: cast.agentA.headers, userId: cast.agentA.user.id, call: calls.hold(forPay.id) },
    ];
    const loans = [forPay, forForeclosure, refundDue];
    const before = await Promise.all(
      loans.map(async (loan) => [await ledgerRows(loan.id), await loanRow(t.db, loan.id)]),
    );
    for (const [index, { headers, userId, call }] of refused.entries()) {
      const key = `closed-day-${index}`;
      const answer = await send(headers, call, key);
      expect(answer.statusCode, `${call[0]}: ${answer.body}`).toBe(409);
      expect(answer.json().code, call[0]).toBe('CASH_DAY_CLOSED');
      expect(await keptKey(userId, key), call[0]).toEqual([]);
    }
    const after = await Promise.all(
      loans.map(async (loan) => [await ledgerRows(loan.id), await loanRow(t.db, loan.id)]),
    );
    expect(after).toEqual(before);

    // What moves no cash is no collection of that day: bounces and credit applied still land.
    ok(await send(cast.agentA.headers, calls.bounce(forPay.id)));
    ok(await send(cast.admin.headers, calls.apply(withCredit.id)));
  });
});

import { bounceEmi, payEmi } from '@lending/domain';
import { NOT_FORECLOSED } from '@lending/domain/testing';
import { describe, expect, it } from 'vitest';
import { getJson, type Headers, loanAuditActions, loanTestApp } from '../../../test/support/loan-api';
import { applyToLoan, createLoan, loanRow, storedInvariant } from '../../../test/support/loans';
import { listEmis } from './schedule-repository';

const { t, cast } = await loanTestApp();

const forecloseLoan = (headers: Headers, id: number, payload: object, extra: Headers = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/loans/${id}/foreclose`,
    headers: { ...headers, ...extra },
    payload,
  });

/** An approved ₹120 × 100 loan of agent A's customer: ₹12,000 pending. */
const approvedLoan = async () => (await createLoan(t.db, { customer: cast.customerA })).loan;

describe('POST /api/loans/{id}/foreclose', () => {
  it('full: collects the total pending, forecloses every open EMI and closes the loan', async () => {
    const loan = await approvedLoan();
    await applyToLoan(t.db, loan.id, (s) =>
      payEmi(s, { emiNumber: 1, paymentType: 'full', today: '2026-11-21' }),
    );
    await applyToLoan(t.db, loan.id, (s) =>
      bounceEmi(s, { emiNumber: 2, charge: 5_000, reason: 'Insufficient funds', today: '2026-11-22' }),
    );
    const response = await forecloseLoan(cast.admin.headers, loan.id, {
      foreclosure_type: 'full',
      settlement_amount: 1,
      reason: 'Customer Request',
      notes: 'Paid at the branch',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Loan foreclosed successfully' });

    const row = await loanRow(t.db, loan.id);
    expect(row).toMatchObject({
      status: 'closed',
      foreclosureType: 'full',
      foreclosureAmount: 1_193_000,
      foreclosureRemainingAmount: 0,
      foreclosureDate: '2026-11-21',
      foreclosureReason: 'Customer Request',
      foreclosureNotes: 'Paid at the branch',
      foreclosedBy: cast.admin.user.id,
    });
    const emis = await listEmis(t.db, loan.id);
    expect(emis[0]?.status).toBe('paid');
    expect(
      emis.slice(1).every((emi) => emi.status === 'foreclosed' && emi.foreclosureDate === '2026-11-21'),
    ).toBe(true);
    expect(emis[1]?.foreclosureAmount).toBe(17_000);
    expect(emis[2]?.foreclosureAmount).toBe(12_000);
    const { violations, totals } = await storedInvariant(t.db, loan.id);
    expect(violations).toEqual([]);
    expect(totals).toMatchObject({ collected: 1_205_000, outstanding: 0, writtenOff: 0 });
    expect(await loanAuditActions(t, loan.id)).toEqual(['loan_foreclosed']);
  });

  // ₹12,000 pending: a full_and_final amount may go up to 1.5 times it, a settlement up to it.
  it.each([
    [
      'full_and_final above 1.5 × pending',
      {
        body: { foreclosure_type: 'full_and_final', settlement_amount: 18000.01, reason: 'Other' },
        answer: { message: expect.stringMatching(/between ₹0 and 1.5 times the total pending/) },
      },
    ],
    [
      'full_and_final without an amount',
      {
        body: { foreclosure_type: 'full_and_final', reason: 'Other' },
        answer: { message: 'Enter the agreed foreclosure amount.', errors: [{ param: 'settlement_amount' }] },
      },
    ],
    [
      'a settlement above pending',
      {
        body: { foreclosure_type: 'settlement', settlement_amount: 12000.01, reason: 'Business Closure' },
        answer: { errors: [{ param: 'settlement_amount' }] },
      },
    ],
    [
      'a negative settlement',
      {
        body: { foreclosure_type: 'settlement', settlement_amount: -1, reason: 'Other' },
        answer: { errors: [{ param: 'settlement_amount' }] },
      },
    ],
  ])('refuses %s with 400', async (_case, { body, answer }) => {
    const loan = await approvedLoan();
    const response = await forecloseLoan(cast.admin.headers, loan.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(answer);
    expect((await loanRow(t.db, loan.id)).status).toBe('approved');
  });

  it.each([
    [
      'full_and_final above pending: the premium is charges; closes',
      {
        body: { foreclosure_type: 'full_and_final', settlement_amount: 18000, reason: 'Relocation' },
        row: { status: 'closed', foreclosureAmount: 1_800_000, foreclosureRemainingAmount: 0 },
        totals: { charges: 600_000, collected: 1_800_000, writtenOff: 0 },
      },
    ],
    [
      'full_and_final below pending writes the shortfall off; closes',
      {
        body: {
          foreclosure_type: 'full_and_final',
          settlement_amount: '9000.50',
          reason: 'Financial Hardship',
        },
        row: { status: 'closed', foreclosureAmount: 900_050, foreclosureRemainingAmount: 299_950 },
        totals: { collected: 900_050, writtenOff: 299_950 },
      },
    ],
    [
      'a settlement (here ₹0) puts the loan in default with the rest written off',
      {
        body: { foreclosure_type: 'settlement', settlement_amount: 0, reason: 'Business Closure' },
        row: { status: 'default', foreclosureAmount: 0, foreclosureRemainingAmount: 1_200_000 },
        totals: { collected: 0, writtenOff: 1_200_000 },
      },
    ],
  ])('%s', async (_case, { body, row, totals }) => {
    const loan = await approvedLoan();
    const response = await forecloseLoan(cast.admin.headers, loan.id, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(await loanRow(t.db, loan.id)).toMatchObject(row);
    const stored = await storedInvariant(t.db, loan.id);
    expect(stored.holds).toBe(true);
    expect(stored.totals).toMatchObject(totals);
  });

  it('forecloses approved loans only', async () => {
    for (const status of ['pending_acceptance', 'accepted', 'processing', 'closed', 'default'] as const) {
      const { loan } = await createLoan(t.db, { customer: cast.customerA, status, totalEmiDays: 5 });
      const response = await forecloseLoan(cast.admin.headers, loan.id, {
        foreclosure_type: 'full',
        reason: 'Other',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('Only approved loans can be foreclosed');
    }
    const again = await approvedLoan();
    const body = { foreclosure_type: 'full', reason: 'Other' };
    expect((await forecloseLoan(cast.admin.headers, again.id, body)).statusCode).toBe(200);
    expect((await forecloseLoan(cast.admin.headers, again.id, body)).statusCode).toBe(409);
  });

  it('needs a type and a reason from the list; unknown loans are 404', async () => {
    const loan = await approvedLoan();
    const bad = await forecloseLoan(cast.admin.headers, loan.id, { reason: 'Bored' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Foreclosure type is required');
    expect(bad.json().errors.map((e: { param: string }) => e.param)).toEqual(['foreclosure_type', 'reason']);
    expect(
      (await forecloseLoan(cast.admin.headers, 999_999, { foreclosure_type: 'full', reason: 'Other' }))
        .statusCode,
    ).toBe(404);
  });

  it('is for admins and superadmins only', async () => {
    const loan = await approvedLoan();
    const body = { foreclosure_type: 'full', reason: 'Other' };
    for (const who of [cast.agentA.headers, cast.borrower.headers])
      expect((await forecloseLoan(who, loan.id, body)).statusCode).toBe(403);
    expect((await forecloseLoan(cast.superadmin, loan.id, body)).statusCode).toBe(200);
  });

  it('honours an Idempotency-Key: a repeat replays the first answer and moves no money again', async () => {
    const loan = await approvedLoan();
    const body = { foreclosure_type: 'settlement', settlement_amount: 5000, reason: 'Other' };
    const key = { 'idempotency-key': `fc-${loan.id}` };
    const first = await forecloseLoan(cast.admin.headers, loan.id, body, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const rows = (await storedInvariant(t.db, loan.id)).entries.length;

    const repeat = await forecloseLoan(cast.admin.headers, loan.id, body, key);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    expect((await storedInvariant(t.db, loan.id)).entries.length).toBe(rows);

    const changed = await forecloseLoan(
      cast.admin.headers,
      loan.id,
      { ...body, settlement_amount: 6000 },
      key,
    );
    expect(changed.statusCode).toBe(422);
    // Keys are per user: the same key from someone else is a new request (refused: the loan is in default).
    expect((await forecloseLoan(cast.superadmin, loan.id, body, key)).statusCode).toBe(409);
  });

  it('keeps no key for a refused request, so a corrected retry with the same key runs', async () => {
    const loan = await approvedLoan();
    const key = { 'idempotency-key': `retry-${loan.id}` };
    const settle = (amount: number) =>
      forecloseLoan(
        cast.admin.headers,
        loan.id,
        { foreclosure_type: 'settlement', settlement_amount: amount, reason: 'Other' },
        key,
      );
    expect((await settle(99999)).statusCode).toBe(400);
    expect((await settle(100)).statusCode).toBe(200);
  });
});

describe('GET /api/loans/{id}/foreclosure', () => {
  it('before a foreclosure: what it would settle now (the suggested amount)', async () => {
    const loan = await approvedLoan();
    await applyToLoan(t.db, loan.id, (s) =>
      bounceEmi(s, { emiNumber: 1, charge: 5_000, reason: 'Insufficient funds', today: '2026-11-21' }),
    );
    const response = await getJson(t, cast.agentA.headers, `/api/loans/${loan.id}/foreclosure`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      loan_id: loan.id,
      loan_code: loan.loanCode,
      status: 'approved',
      pendingEmis: 100,
      totalEmiAmount: 12000,
      totalLateCharges: 50,
      creditApplied: 0,
      totalPendingAmount: 12050,
      ...NOT_FORECLOSED,
    });
  });

  it('after a foreclosure: what it settled, who did it and why', async () => {
    const loan = await approvedLoan();
    await applyToLoan(t.db, loan.id, (s) =>
      payEmi(s, { emiNumber: 1, paymentType: 'full', today: '2026-11-21' }),
    );
    await forecloseLoan(cast.admin.headers, loan.id, {
      foreclosure_type: 'settlement',
      settlement_amount: 10000,
      reason: 'Financial Hardship',
      notes: 'Shop closed',
    });
    const response = await getJson(t, cast.admin.headers, `/api/loans/${loan.id}/foreclosure`);
    expect(response.json()).toMatchObject({
      status: 'default',
      pendingEmis: 99,
      totalEmiAmount: 11880,
      totalLateCharges: 0,
      totalPendingAmount: 11880,
      foreclosure_type: 'settlement',
      foreclosure_amount: 10000,
      foreclosure_remaining_amount: 1880,
      foreclosure_date: '2026-11-21',
      foreclosed_by_name: cast.admin.user.name,
      foreclosure_reason: 'Financial Hardship',
      foreclosure_notes: 'Shop closed',
    });
    const detail = await getJson(t, cast.admin.headers, `/api/loans/${loan.id}`);
    expect(detail.json()).toMatchObject({
      foreclosed_by_name: cast.admin.user.name,
      foreclosure_amount: 10000,
    });
  });

  it('answers 404 outside the caller’s scope and 403 to borrowers', async () => {
    const loan = await approvedLoan();
    expect((await getJson(t, cast.agentB.headers, `/api/loans/${loan.id}/foreclosure`)).statusCode).toBe(404);
    expect((await getJson(t, cast.borrower.headers, `/api/loans/${loan.id}/foreclosure`)).statusCode).toBe(
      403,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emiApi, expectOk, loanCast } from '../../../test/support/emi-api';
import { createLoan } from '../../../test/support/loans';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { LoanRow } from '../../db/schema';

let t: TestApp;
let cast: Awaited<ReturnType<typeof loanCast>>;
let waivedLoan: LoanRow;
let foreclosedLoan: LoanRow;
let recoveredLoan: LoanRow;

/**
 * Waived loan: EMI 1 bounces (₹50), EMI 2 bounces (₹10) so EMI 1's dues sit on EMI 2, then a loan-wide
 * clear forgives EMI 2's late charge (EMI 1's record: waived; EMI 2 still owes its instalment: bounced).
 * Foreclosed loan: EMI 1 bounces (₹30) and a ₹100 settlement forecloses the loan (written off).
 * Recovered loan: EMI 1 bounces (₹20) and is paid in full (recovered).
 */
beforeAll(async () => {
  t = await createTestApp();
  cast = await loanCast(t);
  const api = emiApi(t);
  const admin = cast.admin.headers;
  waivedLoan = (await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 5 })).loan;
  foreclosedLoan = (await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 5 })).loan;
  recoveredLoan = (await createLoan(t.db, { customer: cast.customerB, totalEmiDays: 5 })).loan;

  expectOk(await api.bounce(admin, waivedLoan.id, 1, { late_charges: 50 }));
  expectOk(await api.bounce(admin, waivedLoan.id, 2, { late_charges: 10 }));
  // EMI 2's late charge: EMI 1's ₹120 + ₹50 rolled in, and its own ₹10.
  expectOk(await api.clearAll(admin, waivedLoan.id, { amount: 180 }));

  expectOk(await api.bounce(admin, foreclosedLoan.id, 1, { late_charges: 30 }));
  const foreclosed = await t.app.inject({
    method: 'POST',
    url: `/api/loans/${foreclosedLoan.id}/foreclose`,
    headers: admin,
    payload: { foreclosure_type: 'settlement', settlement_amount: 100, reason: 'Other' },
  });
  expectOk(foreclosed);

  expectOk(await api.bounce(admin, recoveredLoan.id, 1, { late_charges: 20 }));
  expectOk(await api.pay(admin, recoveredLoan.id, 1, {}));
});
afterAll(() => t.close());

const get = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: cast.superadmin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

type Listed = { Loan: { loan_code: string }; emi_number: number; status: string; amount: number };

describe('bounced-EMI records after a clear and a foreclosure', () => {
  it('labels each record by its status: waived by a clear, written off by a foreclosure', async () => {
    const { emis } = await get('/api/loans/bounced-emis');
    const statuses = Object.fromEntries(
      emis.map((emi: Listed) => [`${emi.Loan.loan_code}#${emi.emi_number}`, emi.status]),
    );
    expect(statuses).toEqual({
      [`${waivedLoan.loanCode}#1`]: 'waived',
      [`${waivedLoan.loanCode}#2`]: 'bounced',
      [`${foreclosedLoan.loanCode}#1`]: 'written_off',
      [`${recoveredLoan.loanCode}#1`]: 'recovered',
    });
  });

  it('counts only records still bounced as pending recovery', async () => {
    expect(await get('/api/loans/bounced-emis/stats')).toEqual({
      totalBounced: 4,
      pendingRecovery: 1,
      recovered: 1,
      waived: 1,
      writtenOff: 1,
      totalAmount: 480,
    });
  });

  it('gives cards that match the list for every filter', async () => {
    const queries = [
      '',
      `?search=${waivedLoan.loanCode}`,
      `?search=${cast.customerB.name}`,
      '?dateFrom=2026-11-21&dateTo=2026-11-21',
      '?dateFrom=2026-11-22',
      `?agentId=${cast.admin.user.id}`,
      `?agentId=${cast.agentA.user.id}`,
    ];
    for (const query of queries) {
      const list = await get(`/api/loans/bounced-emis${query}${query === '' ? '?' : '&'}limit=1000`);
      const stats = await get(`/api/loans/bounced-emis/stats${query}`);
      const rows: Listed[] = list.emis;
      const count = (status: string) => rows.filter((row) => row.status === status).length;
      expect(stats, query).toEqual({
        totalBounced: list.total,
        pendingRecovery: count('bounced'),
        recovered: count('recovered'),
        waived: count('waived'),
        writtenOff: count('written_off'),
        totalAmount: rows.reduce((sum, row) => sum + row.amount, 0),
      });
    }
    expect((await get(`/api/loans/bounced-emis/stats?search=${waivedLoan.loanCode}`)).totalBounced).toBe(2);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { emiTestApp } from '../../../test/support/emi-api';
import { createUser } from '../../../test/support/factories';
import { createLoan } from '../../../test/support/loans';
import type { LoanRow } from '../../db/schema';

const { t, cast, api } = await emiTestApp();
let loanA: LoanRow;
let loanB: LoanRow;
let loanC: LoanRow;

/** Three approved loans with an EMI due on 2026-11-21 (A: its 3rd, B and C: their 1st), one not approved. */
beforeAll(async () => {
  loanA = (await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-19', totalEmiDays: 10 }))
    .loan;
  loanB = (await createLoan(t.db, { customer: cast.customerB, totalEmiDays: 10 })).loan;
  const zoya = await createUser(t.db, {
    name: 'Zoya Khan',
    mobile: '9123456780',
    agentId: cast.agentA.user.id,
  });
  loanC = (await createLoan(t.db, { customer: zoya, totalEmiDays: 10 })).loan;
  await createLoan(t.db, { customer: cast.customerA, status: 'processing', totalEmiDays: 10 });
  // EMI 2 of loan A bounces: a full payment of its EMI 3 also collects EMI 2's dues.
  await api.bounce(cast.admin.headers, loanA.id, 2, { late_charges: 50 });
});

const due = (headers: Record<string, string>, query = '') => api.get(headers, `/api/loans/emis/due${query}`);
const rowsOf = (response: { json: () => { emis: { Loan: { loan_code: string }; emi_number: number }[] } }) =>
  response.json().emis.map((emi) => [emi.Loan.loan_code, emi.emi_number]);

describe('GET /api/loans/emis/due', () => {
  it("lists today's pending EMIs of approved loans with their loan and customer", async () => {
    const response = await due(cast.admin.headers, '?_t=1732170000');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ date: '2026-11-21', status: 'pending' });
    expect(rowsOf(response)).toEqual([
      [loanA.loanCode, 3],
      [loanB.loanCode, 1],
      [loanC.loanCode, 1],
    ]);
    expect(body.emis[0]).toMatchObject({
      loan_id: loanA.id,
      emi_number: 3,
      emi_date: '2026-11-21',
      amount: 120,
      late_charge: 0,
      status: 'pending',
      full_payment_amount: 290,
      Loan: {
        id: loanA.id,
        loan_number: loanA.loanNumber,
        loan_code: loanA.loanCode,
        per_day_emi: 120,
        // Made without a product: the bounce dialog starts blank.
        bounce_charge: null,
        customer: { name: 'Asha Verma', mobile: cast.customerA.mobile },
      },
    });
    expect(body.emis[1].full_payment_amount).toBe(120);
  });

  it('filters by date, status and search (name, mobile, loan number or code); agents see their own', async () => {
    expect(rowsOf(await due(cast.admin.headers, '?date=2026-11-20&status=bounced'))).toEqual([
      [loanA.loanCode, 2],
    ]);
    expect(rowsOf(await due(cast.admin.headers, '?date=2026-11-20'))).toEqual([]);
    expect(rowsOf(await due(cast.admin.headers, '?search=zoya'))).toEqual([[loanC.loanCode, 1]]);
    expect(rowsOf(await due(cast.admin.headers, '?search=9123456'))).toEqual([[loanC.loanCode, 1]]);
    expect(rowsOf(await due(cast.admin.headers, `?search=${loanB.loanCode.toLowerCase()}`))).toEqual([
      [loanB.loanCode, 1],
    ]);
    expect(rowsOf(await due(cast.admin.headers, `?search=${loanB.loanNumber}&status=`))).toContainEqual([
      loanB.loanCode,
      1,
    ]);
    expect(rowsOf(await due(cast.agentA.headers))).toEqual([
      [loanA.loanCode, 3],
      [loanC.loanCode, 1],
    ]);
    expect(rowsOf(await due(cast.agentB.headers))).toEqual([[loanB.loanCode, 1]]);
    expect((await due(cast.admin.headers, '?date=2026-13-01')).statusCode).toBe(400);
    expect((await due(cast.admin.headers, '?status=late')).statusCode).toBe(400);
    expect((await due(cast.borrower.headers)).statusCode).toBe(403);
    // The static route is not taken for /loans/{id}, and /loans/{id} still answers.
    expect((await api.get(cast.admin.headers, `/api/loans/${loanA.id}`)).statusCode).toBe(200);
  });

  it('moves a paid EMI from the pending list to the paid one', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerB, totalEmiDays: 3 });
    await api.pay(cast.agentB.headers, loan.id, 1, {});
    expect(rowsOf(await due(cast.agentB.headers))).not.toContainEqual([loan.loanCode, 1]);
    expect(rowsOf(await due(cast.agentB.headers, '?status=paid'))).toEqual([[loan.loanCode, 1]]);
  });
});

describe('GET /api/loans/emis/due/export', () => {
  it('answers payments_due_{date}.csv with a header row and the same rows', async () => {
    const response = await api.get(cast.agentA.headers, '/api/loans/emis/due/export?date=2026-11-21');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="payments_due_2026-11-21.csv"',
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe(
      'Loan #,Loan Code,Customer,Mobile,EMI #,Due Date,EMI Amount,Late Charges,Total Due,Status',
    );
    expect(lines.slice(1)).toEqual([
      `${loanA.loanNumber},${loanA.loanCode},Asha Verma,${cast.customerA.mobile},3,2026-11-21,120.00,0.00,120.00,pending`,
      `${loanC.loanNumber},${loanC.loanCode},Zoya Khan,9123456780,1,2026-11-21,120.00,0.00,120.00,pending`,
    ]);
    const defaultDate = await api.get(cast.admin.headers, '/api/loans/emis/due/export');
    expect(defaultDate.headers['content-disposition']).toBe(
      'attachment; filename="payments_due_2026-11-21.csv"',
    );
    expect((await api.get(cast.borrower.headers, '/api/loans/emis/due/export')).statusCode).toBe(403);
  });
});

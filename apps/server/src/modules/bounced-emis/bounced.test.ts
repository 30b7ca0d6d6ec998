import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { emiTestApp, expectOk, reportLoans } from '../../../test/support/emi-api';
import type { Headers } from '../../../test/support/loan-api';
import type { LoanRow } from '../../db/schema';

// Two rows per export query: the three bounced EMIs of the whole export cross a batch edge.
const { t, cast, api } = await emiTestApp({ exportBatchRows: 2 });
let loan1: LoanRow;
let loan2: LoanRow;
let loan3: LoanRow;

/**
 * 11-19: agent A bounces EMI 1 of loan 1 (₹20, 'Insufficient funds', a note); 11-20: agent A
 * collects loan 1's EMI 2 with EMI 1's dues (EMI 1 recovered), the admin bounces EMI 2 of Zoya's
 * loan 3; 11-21 (today): agent A bounces loan 3's EMI 2 again, agent B bounces EMI 1 of loan 2.
 */
beforeAll(async () => {
  ({
    ofA: loan1,
    ofB: loan2,
    ofZoya: loan3,
  } = await reportLoans(t, cast, { customerA: '2026-11-19', customerB: '2026-11-21', zoya: '2026-11-19' }));
  // Earlier moments than the sessions' start keep them valid.
  t.clock.set(new Date('2026-11-19T04:30:00Z'));
  expectOk(
    await api.bounce(cast.agentA.headers, loan1.id, 1, {
      late_charges: 20,
      reason: 'Insufficient funds',
      notes: 'Called twice',
    }),
  );
  t.clock.set(new Date('2026-11-20T04:30:00Z'));
  expectOk(await api.pay(cast.agentA.headers, loan1.id, 2, {}));
  expectOk(await api.bounce(cast.admin.headers, loan3.id, 2, { late_charges: 10 }));
  t.clock.set(new Date('2026-11-21T06:30:00Z'));
  expectOk(await api.bounce(cast.agentA.headers, loan3.id, 2, {}));
  expectOk(await api.bounce(cast.agentB.headers, loan2.id, 1, {}));
});

const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });
const listed = async (query = '') => {
  const response = await get(cast.superadmin, `/api/loans/bounced-emis${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return {
    ...body,
    rows: body.emis.map(
      (emi: { Loan: { loan_code: string }; emi_number: number }) => `${emi.Loan.loan_code}#${emi.emi_number}`,
    ),
  };
};
const at = (loan: LoanRow, n: number) => `${loan.loanCode}#${n}`;

describe('GET /api/loans/bounced-emis', () => {
  it('lists every EMI that bounced, latest bounce first, recovered or not', async () => {
    const body = await listed();
    // Bounced at the same moment: the later EMI row first.
    expect(body.rows).toEqual([at(loan3, 2), at(loan2, 1), at(loan1, 1)]);
    expect(body).toMatchObject({ total: 3, totalPages: 1 });
    expect(body.emis[2]).toEqual({
      id: expect.any(Number),
      loan_id: loan1.id,
      emi_number: 1,
      emi_date: '2026-11-19',
      amount: 120,
      late_charge: 20,
      status: 'recovered',
      bounce_count: 1,
      bounced_at: '2026-11-19T04:30:00.000Z',
      bounced_reason: 'Insufficient funds',
      notes: 'Called twice',
      collector: { name: cast.agentA.user.name, mobile: cast.agentA.user.mobile },
      Loan: {
        loan_number: loan1.loanNumber,
        loan_code: loan1.loanCode,
        loan_amount: 1_000,
        customer: { name: 'Asha Verma', mobile: cast.customerA.mobile },
      },
    });
    // Bounced twice: the latest bounce's moment, reason and recorder.
    expect(body.emis[0]).toMatchObject({
      status: 'bounced',
      bounce_count: 2,
      late_charge: 10,
      bounced_at: '2026-11-21T06:30:00.000Z',
      bounced_reason: 'Payment failed',
      collector: { name: cast.agentA.user.name },
    });
  });

  it('filters by the latest bounce date (IST, both ends), recorder and search, and pages', async () => {
    expect((await listed('?dateFrom=2026-11-21&dateTo=2026-11-21')).rows).toEqual([
      at(loan3, 2),
      at(loan2, 1),
    ]);
    expect((await listed('?dateFrom=2026-11-19&dateTo=2026-11-20')).rows).toEqual([at(loan1, 1)]);
    expect((await listed('?dateFrom=&dateTo=&search=&agentId=')).total).toBe(3);
    expect((await listed(`?agentId=${cast.agentA.user.id}`)).rows).toEqual([at(loan3, 2), at(loan1, 1)]);
    expect((await listed(`?agentId=${cast.admin.user.id}`)).rows).toEqual([]);
    expect((await listed('?search=zoya')).rows).toEqual([at(loan3, 2)]);
    expect((await listed(`?search=${loan2.loanCode.toLowerCase()}`)).rows).toEqual([at(loan2, 1)]);
    const page2 = await listed('?page=2&limit=2');
    expect(page2).toMatchObject({ rows: [at(loan1, 1)], total: 3, totalPages: 2 });
  });

  it('refuses Date To before Date From, bad input, and everyone but the superadmin', async () => {
    const reversed = await get(
      cast.superadmin,
      '/api/loans/bounced-emis?dateFrom=2026-11-21&dateTo=2026-11-20',
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Date To cannot be before Date From',
      errors: [{ param: 'dateTo', msg: 'Date To cannot be before Date From' }],
    });
    for (const query of ['dateFrom=2026-02-30', 'limit=0', 'agentId=x'])
      expect((await get(cast.superadmin, `/api/loans/bounced-emis?${query}`)).statusCode).toBe(400);
    for (const url of [
      '/api/loans/bounced-emis',
      '/api/loans/bounced-emis/stats',
      '/api/emi/bounced/export',
    ]) {
      expect((await get(cast.admin.headers, url)).statusCode).toBe(403);
      expect((await get(cast.agentA.headers, url)).statusCode).toBe(403);
      expect((await get(cast.borrower.headers, url)).statusCode).toBe(403);
    }
  });
});

describe('GET /api/loans/bounced-emis/stats', () => {
  it('counts every bounced EMI, those pending recovery, those recovered and their amounts', async () => {
    const response = await get(cast.superadmin, '/api/loans/bounced-emis/stats');
    expect(response.json()).toEqual({
      totalBounced: 3,
      pendingRecovery: 2,
      recovered: 1,
      waived: 0,
      writtenOff: 0,
      totalAmount: 360,
    });
  });

  it('takes the list’s filters: the cards summarise the rows the list shows', async () => {
    const response = await get(cast.superadmin, '/api/loans/bounced-emis/stats?dateFrom=2026-11-21&page=2');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      totalBounced: 2,
      pendingRecovery: 2,
      recovered: 0,
      waived: 0,
      writtenOff: 0,
      totalAmount: 240,
    });
    const refused = await get(
      cast.superadmin,
      '/api/loans/bounced-emis/stats?dateFrom=2026-11-21&dateTo=2026-11-20',
    );
    expect(refused.statusCode).toBe(400);
  });
});

describe('GET /api/emi/bounced/export', () => {
  it('answers a real .xlsx named with the date, a header row and a row per match', async () => {
    const response = await get(cast.superadmin, '/api/emi/bounced/export?dateFrom=2026-11-21');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="bounced_emis_2026-11-21.xlsx"',
    );
    const file = response.rawPayload;
    expect(file.subarray(0, 2).toString('latin1')).toBe('PK');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Bounced EMIs');
    if (!sheet) throw new Error('no Bounced EMIs sheet');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'Loan #',
      'Loan Code',
      'Customer',
      'Mobile',
      'EMI #',
      'EMI Date',
      'EMI Amount',
      'Late Charges',
      'Status',
      'Bounce Count',
      'Bounced On',
      'Bounce Age (days)',
      'Reason',
      'Notes',
      'Marked By',
    ]);
    expect(sheet.rowCount).toBe(3);
    expect(values(2).slice(0, 2)).toEqual([loan3.loanNumber, loan3.loanCode]);
    expect(values(3)).toEqual([
      loan2.loanNumber,
      loan2.loanCode,
      'Bharat Singh',
      cast.customerB.mobile,
      1,
      '2026-11-21',
      120,
      0,
      'Bounced',
      1,
      '2026-11-21',
      0,
      'Payment failed',
      // No notes: the streaming writer leaves the cell empty.
      undefined,
      cast.agentB.user.name,
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);

    const everything = await get(cast.superadmin, '/api/emi/bounced/export');
    const all = new ExcelJS.Workbook();
    await all.xlsx.load(everything.rawPayload as unknown as ArrayBuffer);
    expect(all.getWorksheet('Bounced EMIs')?.rowCount).toBe(4);
    expect(
      (await get(cast.superadmin, '/api/emi/bounced/export?dateFrom=2026-11-21&dateTo=2026-11-01'))
        .statusCode,
    ).toBe(400);
  });
});

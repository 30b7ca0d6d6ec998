import { beforeAll, describe, expect, it } from 'vitest';
import { emiTestApp, expectOk, reportLoans } from '../../../test/support/emi-api';
import { type Headers, loanForm, putLoan } from '../../../test/support/loan-api';
import { createLoan } from '../../../test/support/loans';
import { type LoanRow, loanLedger } from '../../db/schema';

const { t, cast, api } = await emiTestApp();
let loanA: LoanRow;
let loanB: LoanRow;
let loanC: LoanRow;
let rewritten: LoanRow;

const DAY_1 = new Date('2026-11-20T04:30:00Z'); // 10:00 IST on the 20th
const DAY_2 = new Date('2026-11-21T06:30:00Z'); // 12:00 IST on the 21st (the test clock's start)

/**
 * Day 1: agent A collects EMI 1 of loan A (₹120, cash); agent B bounces EMI 1 of loan B (₹120, ₹20
 * charge). Day 2: agent A takes ₹100 partly for loan A's EMI 2 (upi); the admin collects loan B's
 * EMI 2 with the bounced dues (₹260); agent B collects EMI 1 of a loan the admin then rewrites (the
 * cash still counts: it became credit held); agent A collects Zoya's two overdue EMIs with a ₹10
 * late charge (₹130 + ₹120).
 */
beforeAll(async () => {
  ({
    ofA: loanA,
    ofB: loanB,
    ofZoya: loanC,
  } = await reportLoans(t, cast, { customerA: '2026-11-20', customerB: '2026-11-20', zoya: '2026-11-19' }));
  rewritten = (await createLoan(t.db, { customer: cast.customerB })).loan;

  t.clock.set(DAY_1); // earlier than the sessions' start, so they stay valid
  expectOk(await api.pay(cast.agentA.headers, loanA.id, 1, { payment_mode: 'cash' }));
  expectOk(await api.bounce(cast.agentB.headers, loanB.id, 1, { late_charges: 20 }));
  t.clock.set(DAY_2);
  expectOk(
    await api.pay(cast.agentA.headers, loanA.id, 2, {
      payment_type: 'partial',
      payment_amount: 100,
      payment_mode: 'upi',
    }),
  );
  expectOk(await api.pay(cast.admin.headers, loanB.id, 2, {}));
  expectOk(await api.pay(cast.agentB.headers, rewritten.id, 1, {}));
  expectOk(
    await putLoan(t, cast.admin.headers, rewritten.id, loanForm(cast.customerB.id, { per_day_emi: '130' })),
  );
  expectOk(
    await t.app.inject({
      method: 'POST',
      url: '/api/emis/pay-overdue',
      headers: cast.agentA.headers,
      payload: { loan_id: loanC.id, late_charge_amount: 10 },
    }),
  );
});

const report = async (headers: Headers, query = '') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/loans/agent/collection-report${query}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
type Record_ = { status: string; loan_code: string; emi_number: number; amount: number };
const lines = (body: { results: Record_[] }) =>
  body.results.map((row) => `${row.status} ${row.loan_code}#${row.emi_number} ${row.amount}`);

/** Σ of the ledger's cash rows (`collected`; never reversed), rupees, over [from, to). */
const ledgerCollected = async (from: Date, to: Date) => {
  const rows = await t.db.select().from(loanLedger);
  const inRange = rows.filter((row) => row.createdAt >= from && row.createdAt < to);
  expect(inRange.some((row) => row.kind === 'reversal' && row.reverses === 'collected')).toBe(false);
  return inRange.filter((row) => row.kind === 'collected').reduce((sum, row) => sum + row.amount, 0) / 100;
};

describe('GET /api/loans/agent/collection-report', () => {
  it('answers every collection and bounce, newest first, with totals equal to the ledger', async () => {
    const body = await report(cast.admin.headers);
    expect(lines(body)).toEqual([
      `paid ${loanC.loanCode}#2 120`,
      `paid ${loanC.loanCode}#1 130`,
      `paid ${rewritten.loanCode}#1 120`,
      `paid ${loanB.loanCode}#2 260`,
      `paid ${loanA.loanCode}#2 100`,
      `paid ${loanA.loanCode}#1 120`,
      `bounced ${loanB.loanCode}#1 120`,
    ]);
    expect(body).toMatchObject({
      count: 7,
      totalPages: 1,
      page: 1,
      from: null,
      to: null,
      hasFilters: false,
      grandTotalPaidAmount: 850,
      grandTotalBouncedAmount: 120,
      grandTotalBouncedCount: 1,
      grandUniqueAgents: 3,
      grandUniqueCustomers: 3,
      uniqueAgents: 3,
      uniqueCustomers: 3,
      filteredTotalAmount: 850,
    });
    expect(body.results[4]).toEqual({
      status: 'paid',
      paid_at: '2026-11-21T06:30:00.000Z',
      bounced_at: null,
      collector: { id: cast.agentA.user.id, name: cast.agentA.user.name, mobile: cast.agentA.user.mobile },
      customer: { id: cast.customerA.id, name: 'Asha Verma', mobile: cast.customerA.mobile },
      loan_code: loanA.loanCode,
      loan_number: loanA.loanNumber,
      emi_number: 2,
      record_type: 'emi',
      business_date: '2026-11-21',
      payment_mode: 'upi',
      amount: 100,
      instalment: 100,
      charges: 0,
      interest_share: 16.67, // one sixth of the instalment money (₹2,000 interest of ₹12,000)
      collected_at: null,
      synced_late: false,
    });
    expect(body.results[6]).toMatchObject({
      status: 'bounced',
      paid_at: null,
      bounced_at: '2026-11-20T04:30:00.000Z',
      payment_mode: null,
      collector: { id: cast.agentB.user.id },
    });
    // The rewritten loan's payment stays in the ledger as cash (now credit held), and in the report.
    const ledger = await ledgerCollected(new Date('2026-11-19T18:30:00Z'), new Date('2026-11-21T18:30:00Z'));
    expect(ledger).toBe(850);
    expect(body.grandTotalPaidAmount).toBe(ledger);
  });

  it('summarises each IST day per collector', async () => {
    const body = await report(cast.admin.headers);
    const summary = (body.dailySummary as { date: string; agent: { id: number } }[]).map((row) => ({
      ...row,
      agent: row.agent.id,
    }));
    expect(summary.map((row) => row.date)).toEqual([
      '2026-11-21',
      '2026-11-21',
      '2026-11-21',
      '2026-11-20',
      '2026-11-20',
    ]);
    expect(summary).toEqual(
      expect.arrayContaining([
        {
          date: '2026-11-21',
          agent: cast.agentA.user.id,
          totalCollected: 350,
          totalBounced: 0,
          emisCollected: 3,
          emisBounced: 0,
        },
        {
          date: '2026-11-21',
          agent: cast.agentB.user.id,
          totalCollected: 120,
          totalBounced: 0,
          emisCollected: 1,
          emisBounced: 0,
        },
        {
          date: '2026-11-21',
          agent: cast.admin.user.id,
          totalCollected: 260,
          totalBounced: 0,
          emisCollected: 1,
          emisBounced: 0,
        },
        {
          date: '2026-11-20',
          agent: cast.agentA.user.id,
          totalCollected: 120,
          totalBounced: 0,
          emisCollected: 1,
          emisBounced: 0,
        },
        {
          date: '2026-11-20',
          agent: cast.agentB.user.id,
          totalCollected: 0,
          totalBounced: 120,
          emisCollected: 0,
          emisBounced: 1,
        },
      ]),
    );
    expect(body.dailySummary[0].agent).toMatchObject({
      name: expect.any(String),
      mobile: expect.any(String),
    });
  });

  it('takes an IST range (both ends included) and keeps the ledger’s figures for it', async () => {
    const day1 = await report(
      cast.admin.headers,
      '?startDate=2026-11-20%2000:00:00&endDate=2026-11-20%2023:59:59',
    );
    expect(lines(day1)).toEqual([`paid ${loanA.loanCode}#1 120`, `bounced ${loanB.loanCode}#1 120`]);
    expect(day1).toMatchObject({
      from: '2026-11-20 00:00:00',
      to: '2026-11-20 23:59:59',
      hasFilters: true,
      grandTotalPaidAmount: 120,
      grandTotalBouncedAmount: 120,
    });
    const ledger = await ledgerCollected(new Date('2026-11-19T18:30:00Z'), new Date('2026-11-20T18:30:00Z'));
    expect(day1.grandTotalPaidAmount).toBe(ledger);
    // The range selects business days: the time of day of either end does not cut a day in two.
    const atNoon = await report(
      cast.admin.headers,
      '?startDate=2026-11-21%2012:00:00&endDate=2026-11-21%2012:00:00',
    );
    expect(atNoon.count).toBe(5);
    expect((await report(cast.admin.headers, '?endDate=2026-11-20%2000:00:00')).count).toBe(2);
  });

  it('pages, with the page figures over the page and the grand ones over every match', async () => {
    const first = await report(cast.admin.headers, '?page=1&limit=2');
    expect(first).toMatchObject({
      count: 7,
      totalPages: 4,
      uniqueAgents: 1,
      uniqueCustomers: 1,
      filteredTotalAmount: 250,
      grandTotalPaidAmount: 850,
      grandUniqueAgents: 3,
    });
    const last = await report(cast.admin.headers, '?page=4&limit=1');
    expect(lines(last)).toEqual([`paid ${loanB.loanCode}#2 260`]);
    const third = await report(cast.admin.headers, '?page=3&limit=3');
    expect(lines(third)).toEqual([`bounced ${loanB.loanCode}#1 120`]);
    const second = await report(cast.admin.headers, '?page=2&limit=3');
    expect(lines(second)).toEqual([
      `paid ${loanB.loanCode}#2 260`,
      `paid ${loanA.loanCode}#2 100`,
      `paid ${loanA.loanCode}#1 120`,
    ]);
    expect(second).toMatchObject({ uniqueAgents: 2, uniqueCustomers: 2, filteredTotalAmount: 480 });
  });

  it('shows an agent only their own collections on their own customers; admins filter by collector', async () => {
    const ownA = await report(cast.agentA.headers);
    expect(lines(ownA)).toEqual([
      `paid ${loanC.loanCode}#2 120`,
      `paid ${loanC.loanCode}#1 130`,
      `paid ${loanA.loanCode}#2 100`,
      `paid ${loanA.loanCode}#1 120`,
    ]);
    expect(ownA).toMatchObject({ grandTotalPaidAmount: 470, grandUniqueAgents: 1, grandUniqueCustomers: 2 });
    expect(lines(await report(cast.agentA.headers, `?agentId=${cast.agentB.user.id}`))).toEqual(lines(ownA));
    const ownB = await report(cast.agentB.headers);
    // Agent B's collection on the loan rewritten later is still theirs, on its own day.
    expect(lines(ownB)).toEqual([`paid ${rewritten.loanCode}#1 120`, `bounced ${loanB.loanCode}#1 120`]);
    expect(ownB.dailySummary.map((row: { agent: { id: number } }) => row.agent.id)).toEqual([
      cast.agentB.user.id,
      cast.agentB.user.id,
    ]);
    expect(lines(await report(cast.admin.headers, `?agentId=${cast.agentB.user.id}`))).toEqual(lines(ownB));
    expect(lines(await report(cast.superadmin, `?agentId=${cast.admin.user.id}`))).toEqual([
      `paid ${loanB.loanCode}#2 260`,
    ]);
  });

  it('searches customer name and mobile, loan code and collector name', async () => {
    expect(lines(await report(cast.admin.headers, '?search=zoya'))).toEqual([
      `paid ${loanC.loanCode}#2 120`,
      `paid ${loanC.loanCode}#1 130`,
    ]);
    expect((await report(cast.admin.headers, '?search=9123456')).count).toBe(2);
    expect((await report(cast.admin.headers, `?search=${loanA.loanCode.toLowerCase()}`)).count).toBe(2);
    expect(
      lines(await report(cast.admin.headers, `?search=${encodeURIComponent(cast.agentB.user.name)}`)),
    ).toEqual([`paid ${rewritten.loanCode}#1 120`, `bounced ${loanB.loanCode}#1 120`]);
    expect((await report(cast.agentB.headers, '?search=zoya')).count).toBe(0);
  });

  it('refuses bad input with 400 and borrowers with 403', async () => {
    for (const query of [
      '?startDate=2026-11-21%2000:00:00&endDate=2026-11-20%2000:00:00',
      '?startDate=2026-02-30%2000:00:00',
      '?startDate=2026-11-20',
      '?endDate=2026-11-20%2024:00:00',
      '?limit=0',
      '?agentId=x',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/loans/agent/collection-report${query}`,
        headers: cast.admin.headers,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors).toEqual(expect.any(Array));
    }
    const reversed = await t.app.inject({
      method: 'GET',
      url: '/api/loans/agent/collection-report?startDate=2026-11-21%2000:00:00&endDate=2026-11-20%2000:00:00',
      headers: cast.admin.headers,
    });
    expect(reversed.json().message).toBe('End date cannot be before start date');
    const borrower = await t.app.inject({
      method: 'GET',
      url: '/api/loans/agent/collection-report',
      headers: cast.borrower.headers,
    });
    expect(borrower.statusCode).toBe(403);
  });
});

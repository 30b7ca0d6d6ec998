import { addDays, type CreditEventType } from '@lending/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { emiTestApp, expectOk } from '../../../test/support/emi-api';
import { createUser } from '../../../test/support/factories';
import type { Headers } from '../../../test/support/loan-api';
import { createLoan, grantAgentsReports } from '../../../test/support/loans';
import { creditEvents, type LoanRow } from '../../db/schema';

const { t, cast, api } = await emiTestApp();
let loanA: LoanRow;
let loanB: LoanRow;
const TODAY = '2026-11-21';

/**
 * Agent A's customer Asha: EMI 1 of loan A bounced on 11-19 (₹20), EMI 2 paid late and EMI 3 on time
 * today. Agent B's Bharat: EMI 1 of loan B paid on time today.
 */
beforeAll(async () => {
  loanA = (await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-19', totalEmiDays: 10 }))
    .loan;
  loanB = (await createLoan(t.db, { customer: cast.customerB, startDate: TODAY, totalEmiDays: 10 })).loan;
  t.clock.set(new Date('2026-11-19T04:30:00Z'));
  expectOk(
    await api.bounce(cast.agentA.headers, loanA.id, 1, { late_charges: 20, reason: 'Insufficient funds' }),
  );
  t.clock.set(new Date('2026-11-21T06:30:00Z'));
  expectOk(await api.pay(cast.agentA.headers, loanA.id, 2, {}));
  expectOk(await api.pay(cast.agentA.headers, loanA.id, 3, {}));
  expectOk(await api.pay(cast.agentB.headers, loanB.id, 1, {}));
});

const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });
type Event = { event_type: string; loan_code: string; emi_number: number; amount: number };
const reports = async (headers: Headers, query = '') => {
  const response = await get(headers, `/api/reports${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return {
    ...body,
    rows: (body.data.reports as Event[]).map(
      (e) => `${e.event_type} ${e.loan_code}#${e.emi_number} ${e.amount}`,
    ),
  };
};

describe('GET /api/reports (credit events)', () => {
  it('answers credit events newest first with their customer, loan and bounce details', async () => {
    const body = await reports(cast.admin.headers);
    expect(body).toMatchObject({ success: true, data: { total: 4, totalPages: 1 } });
    expect(body.rows).toEqual([
      `EMI_PAID_ON_TIME ${loanB.loanCode}#1 120`,
      `EMI_PAID_ON_TIME ${loanA.loanCode}#3 120`,
      `EMI_PAID_LATE ${loanA.loanCode}#2 260`,
      `EMI_BOUNCED ${loanA.loanCode}#1 140`,
    ]);
    expect(body.data.reports[3]).toEqual({
      id: expect.any(Number),
      event_type: 'EMI_BOUNCED',
      created_at: '2026-11-19T04:30:00.000Z',
      customer_id: cast.customerA.id,
      customer_name: 'Asha Verma',
      loan_code: loanA.loanCode,
      emi_number: 1,
      emi_amount: 120,
      amount: 140,
      bounced_amount: 140,
      bounce_reason: 'Insufficient funds',
      bounce_sequence: 1,
      charges_applied: 20,
      bounce_date: '2026-11-19',
    });
    expect(body.data.reports[2]).toMatchObject({
      bounced_amount: null,
      bounce_date: null,
      bounce_reason: null,
    });
  });

  it('searches customer name, loan code and event type; sorts; pages; refuses bad input', async () => {
    expect((await reports(cast.admin.headers, '?search=bounced')).rows).toEqual([
      `EMI_BOUNCED ${loanA.loanCode}#1 140`,
    ]);
    expect((await reports(cast.admin.headers, '?search=ASHA')).data.total).toBe(3);
    expect((await reports(cast.admin.headers, `?search=${loanB.loanCode}`)).data.total).toBe(1);
    expect((await reports(cast.admin.headers, '?sort_by=amount&sort_direction=asc')).rows).toEqual([
      `EMI_PAID_ON_TIME ${loanA.loanCode}#3 120`,
      `EMI_PAID_ON_TIME ${loanB.loanCode}#1 120`,
      `EMI_BOUNCED ${loanA.loanCode}#1 140`,
      `EMI_PAID_LATE ${loanA.loanCode}#2 260`,
    ]);
    expect((await reports(cast.admin.headers, '?sort_by=customer_name&sort_direction=desc')).rows[0]).toBe(
      `EMI_PAID_ON_TIME ${loanB.loanCode}#1 120`,
    );
    const page2 = await reports(cast.superadmin, '?page=2&limit=3');
    expect(page2).toMatchObject({
      rows: [`EMI_BOUNCED ${loanA.loanCode}#1 140`],
      data: { total: 4, totalPages: 2 },
    });
    expect((await reports(cast.admin.headers, `?customer_id=${cast.customerB.id}`)).data.total).toBe(1);
    for (const query of ['sort_by=bogus', 'sort_direction=up', 'limit=0', 'customer_id=x'])
      expect((await get(cast.admin.headers, `/api/reports?${query}`)).statusCode).toBe(400);
  });

  it('needs reports:read; an agent holding it sees only their own customers', async () => {
    expect((await get(cast.agentA.headers, '/api/reports')).statusCode).toBe(403);
    expect((await get(cast.borrower.headers, '/api/reports')).statusCode).toBe(403);
    expect(
      (await get(cast.borrower.headers, `/api/reports/score?customer_id=${cast.borrower.user.id}`))
        .statusCode,
    ).toBe(403);
    await grantAgentsReports(t);
    expect((await reports(cast.agentA.headers)).data.total).toBe(3);
    expect((await reports(cast.agentB.headers)).rows).toEqual([`EMI_PAID_ON_TIME ${loanB.loanCode}#1 120`]);
    expect((await reports(cast.agentB.headers, `?customer_id=${cast.customerA.id}`)).data.total).toBe(0);
    expect((await reports(cast.agentB.headers, '?search=asha')).data.total).toBe(0);
    expect(
      (await get(cast.agentB.headers, `/api/reports/score?customer_id=${cast.customerA.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await get(cast.agentA.headers, `/api/reports/score?customer_id=${cast.customerA.id}`)).statusCode,
    ).toBe(200);
  });
});

/**
 * A customer with `due` EMIs dated up to today (one loan) and credit events of each kind; bounces
 * `daysAgo` before today.
 */
const customerWith = async (history: { onTime?: number; late?: number; bounces?: number[]; due: number }) => {
  const { loan, customer } = await createLoan(t.db, {
    startDate: addDays(TODAY, 1 - history.due),
    totalEmiDays: history.due + 5,
  });
  const event = (eventType: CreditEventType, emiNumber: number, daysAgo = 0) => ({
    customerId: customer.id,
    loanId: loan.id,
    emiNumber,
    eventType,
    emiAmount: 12_000,
    amount: 12_000,
    eventDate: addDays(TODAY, -daysAgo),
  });
  const rows = [
    ...Array.from({ length: history.onTime ?? 0 }, (_, i) => event('EMI_PAID_ON_TIME', i + 1)),
    ...Array.from({ length: history.late ?? 0 }, (_, i) => event('EMI_PAID_LATE', i + 1)),
    ...(history.bounces ?? []).map((daysAgo, i) => event('EMI_BOUNCED', i + 1, daysAgo)),
  ];
  if (rows.length > 0) await t.db.insert(creditEvents).values(rows);
  return customer;
};

const scoreOf = async (customerId: number) => {
  const response = await get(cast.admin.headers, `/api/reports/score?customer_id=${customerId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('GET /api/reports/score', () => {
  it("computes a customer's score from their events and the EMIs due so far", async () => {
    expect(await scoreOf(cast.customerA.id)).toEqual({
      customer_id: cast.customerA.id,
      customer_name: 'Asha Verma',
      // 850 − 200 (bounce rate 33%) − 100 (late 50%) − 75 (bounced in the last 30 days); no bonus (67%).
      score: 475,
      band: 'Very Poor',
      bounceRate: 33.33,
      latePaymentRate: 50,
      paymentHistoryRate: 66.67,
      paidOnTime: 1,
      paidLate: 1,
      bounced: 1,
      emisDueSoFar: 3,
      bouncesLast30Days: 1,
    });
  });

  type History = { onTime?: number; late?: number; bounces?: number[]; due: number };
  it.each<[string, History, number, string]>([
    ['clamped at 850, Excellent', { onTime: 10, due: 10 }, 850, 'Excellent'],
    ['750 (late 30%), Excellent', { onTime: 7, late: 3, due: 20 }, 750, 'Excellent'],
    ['700 (late 30%, bounces 9%), Good', { onTime: 7, late: 3, bounces: [60], due: 20 }, 700, 'Good'],
    ['675 (bounces 10%, one 29 days ago), Fair', { onTime: 9, bounces: [29], due: 20 }, 675, 'Fair'],
    [
      '750 (bounces 10%, one 30 days ago: not recent), Excellent',
      { onTime: 9, bounces: [30], due: 20 },
      750,
      'Excellent',
    ],
    ['650 (bounces 25%), Fair', { onTime: 3, bounces: [40], due: 20 }, 650, 'Fair'],
    ['600 (bounces 25%, late 17%), Poor', { onTime: 5, late: 1, bounces: [40, 50], due: 40 }, 600, 'Poor'],
    ['575 (bounces 25%, one today), Very Poor', { onTime: 3, bounces: [0], due: 20 }, 575, 'Very Poor'],
  ])('scores %s', async (_label, history, score, band) => {
    const customer = await customerWith(history);
    expect(await scoreOf(customer.id)).toMatchObject({ score, band, emisDueSoFar: history.due });
  });

  it('answers 850 for a customer with no history, 404 for unknown ids and 400 without one', async () => {
    const fresh = await createUser(t.db);
    expect(await scoreOf(fresh.id)).toMatchObject({ score: 850, band: 'Excellent', emisDueSoFar: 0 });
    expect((await get(cast.admin.headers, '/api/reports/score?customer_id=999999')).statusCode).toBe(404);
    const missing = await get(cast.admin.headers, '/api/reports/score');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('customer_id is required');
    expect((await get(cast.admin.headers, '/api/reports/score?customer_id=abc')).statusCode).toBe(400);
  });
});

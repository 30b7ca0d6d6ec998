import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dashboardBook } from '../../../test/support/dashboard-book';
import { expectOk } from '../../../test/support/emi-api';
import { createUser } from '../../../test/support/factories';
import { type Headers, loanForm, putLoan } from '../../../test/support/loan-api';

/** The book of test/support/dashboard-book.ts, "today" 2026-11-21 (IST). */
const { t, cast, loanP, loanQ, loanF } = await dashboardBook();

const get = async (url: string, headers: Headers = cast.admin.headers) => {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('GET /api/loans/admin-dashboard', () => {
  it('answers every figure of the book to the paisa', async () => {
    expect(await get('/api/loans/admin-dashboard')).toEqual({
      totalPrincipal: 16_200, // P + Q + F; R was never lent
      amountRecovered: 1_660, // instalments: P 120 + 100 + 140, F 130 + 1,170
      principalRecovered: 1_500,
      interestEarned: 160, // P 360 × 1/6 = 60, F 1,300 × 100/1,300 = 100
      totalPenalties: 2,
      totalCollectedToday: 1_312, // P's ₹142 and F's ₹1,170 foreclosure on Nov 21
      todaysEmisCount: 2, // P EMI 23, Q EMI 2 (F is closed)
      todaysUnpaidEmisCount: 2,
      todaysUnpaidEmisAmount: 190,
      allPendingEmisCount: 197, // P EMIs 4–100, Q EMI 1 (bounced, current) and 2–100
      allPendingEmisAmount: 18_640, // 97 × 120 + 70 (its charge waived) + 99 × 70
      overdueEmisCount: 20, // P EMIs 4–22, Q EMI 1
      overdueEmisAmount: 2_350,
      averageAmountToBeCollectedToday: 95,
      monthlyLoanAmount: 6_200, // Q and F start in November; P started in October
      monthlyLoanCount: 2,
      as_of: expect.any(String),
    });
  });
});

describe('the other dashboard figures', () => {
  it('GET /api/loans/financial-health: open instalments due in the next 30, 60 and 90 days', async () => {
    expect(await get('/api/loans/financial-health')).toEqual({
      inflow30: 5_700, // P EMIs 23–52, Q 2–31
      inflow60: 11_400,
      inflow90: 15_660, // P EMIs 23–100 (78), Q 2–91 (90)
    });
  });

  it('GET /api/stats/revenue: interest earned plus charges collected', async () => {
    expect(await get('/api/stats/revenue')).toEqual({
      totalRevenue: 162,
      interestEarned: 160,
      penaltiesCollected: 2,
      as_of: expect.any(String),
    });
  });

  it('GET /api/stats/interest-metrics: this month against the schedule, the average rate', async () => {
    expect(await get('/api/stats/interest-metrics')).toEqual({
      interestCollectedThisMonth: 123.33, // P 140 × 1/6 = 23.33 (to the paisa) + F 100
      expectedInterest: 830, // P 30 × 120 × 1/6 + Q 11 × 70 × 2/7 + F EMI 1's 130 × 100/1,300
      avgInterestRate: 25.31, // (2,000 + 2,000 + 100) ÷ (10,000 + 5,000 + 1,200): P, Q and F, the loans expected this month
      paidInterest: 160,
      collectedVsExpected: 14.86,
      as_of: expect.any(String),
    });
  });

  it('GET /api/stats/loans/approved/monthly: lent loans by their start month', async () => {
    expect(await get('/api/stats/loans/approved/monthly')).toEqual({
      currentMonthCount: 2,
      lastMonthCount: 1,
    });
  });

  it('GET /api/users/stats/monthly and agents/monthly: who joined, by IST month', async () => {
    await t.db.execute(sql`update users set created_at = '2026-09-01T00:00:00Z'`);
    const borrower = await createUser(t.db, { createdAt: new Date('2026-10-31T19:00:00Z') }); // Nov 1, 00:30 IST
    await createUser(t.db, { createdAt: new Date('2026-10-31T18:00:00Z') }); // Oct 31, 23:30 IST
    await createUser(t.db, { role: 'agent', createdAt: new Date('2026-10-05T10:00:00Z') });
    expect(borrower.id).toBeGreaterThan(0);
    expect(await get('/api/users/stats/monthly')).toEqual({ currentMonthCount: 1, lastMonthCount: 1 });
    expect(await get('/api/users/stats/agents/monthly')).toEqual({ currentMonthCount: 0, lastMonthCount: 1 });
  });

  it('GET /api/loans/dashboard/admin/recent-activities: the newest of each kind, newest first', async () => {
    const body = await get('/api/loans/dashboard/admin/recent-activities');
    expect(
      body.recentPayments.map((p: { loan_id: number; amount: number }) => [p.loan_id, p.amount]),
    ).toEqual([
      [loanP.id, 142],
      [loanF.id, 130],
      [loanP.id, 100],
      [loanP.id, 120],
    ]);
    expect(body.recentBounces).toEqual([
      expect.objectContaining({ loan_id: loanQ.id, emi_number: 1, amount: 90, reason: 'Insufficient funds' }),
    ]);
    expect(body.recentLoans).toHaveLength(4);
    expect(body.recentLoans[0]).toMatchObject({ customer_name: 'Bharat Singh', loan_amount: 3_000 });
    expect(body.recentUsers.length).toBeLessThanOrEqual(8);
    expect(Object.keys(body.recentUsers[0]).sort()).toEqual(['created_at', 'id', 'name', 'role']);
  });
});

describe('who may read the dashboard', () => {
  const urls = [
    '/api/loans/admin-dashboard',
    '/api/loans/financial-health',
    '/api/loans/dashboard/admin/recent-activities',
    '/api/stats/revenue',
    '/api/stats/revenue/monthly',
    '/api/stats/loans/approved/monthly',
    '/api/stats/interest-metrics',
    '/api/users/stats/monthly',
    '/api/users/stats/agents/monthly',
    '/api/stats/system/status',
  ];

  it.each(urls)(
    '%s: 401 without a session, 403 for agents and borrowers, 200 for admins and superadmins',
    async (url) => {
      const statusFor = async (headers: Headers) =>
        (await t.app.inject({ method: 'GET', url, headers })).statusCode;
      expect(await statusFor({})).toBe(401);
      expect(await statusFor(cast.agentA.headers)).toBe(403);
      expect(await statusFor(cast.borrower.headers)).toBe(403);
      expect(await statusFor(cast.admin.headers)).toBe(200);
      expect(await statusFor(cast.superadmin)).toBe(200);
    },
  );
});

describe('a later rewrite', () => {
  it('changes no past month and un-collects nothing: the cash became credit held', async () => {
    const monthly = { currentMonth: 125.33, lastMonth: 36.67, as_of: expect.any(String) }; // Nov: P 23.33 + F 100 + ₹2; Oct: P 220 × 1/6
    expect(await get('/api/stats/revenue/monthly')).toEqual(monthly);
    expectOk(
      await putLoan(
        t,
        cast.admin.headers,
        loanP.id,
        loanForm(cast.customerA.id, { per_day_emi: '125', start_date: '2026-10-30' }),
      ),
    );
    expect(await get('/api/stats/revenue/monthly')).toEqual(monthly);
    expect(await get('/api/loans/admin-dashboard')).toMatchObject({
      amountRecovered: 1_660,
      interestEarned: 160,
      totalPenalties: 2,
    });
    expect((await get(`/api/loans/${loanP.id}`, cast.admin.headers)).credit_held).toBe(362);
  });
});

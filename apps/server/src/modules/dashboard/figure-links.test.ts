import { dashboardLinks, figureLinkUrl, type TFigureLink } from '@lending/domain';
import { describe, expect, it } from 'vitest';
import { dashboardBook } from '../../../test/support/dashboard-book';

/** The book of test/support/dashboard-book.ts, "today" 2026-11-21 (IST). */
const { t, cast } = await dashboardBook();
const TODAY = '2026-11-21';
const links = dashboardLinks(TODAY);

const get = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: cast.admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** The list endpoint each screen reads, with the screen's filters as they are in its URL. */
const API_OF: Record<string, string> = {
  '/admin/payments-due': '/api/loans/emis/due',
  '/admin/loans': '/api/loans',
  '/admin/users': '/api/users',
  '/admin/loans/agent-collections': '/api/loans/agent/collection-report',
  '/admin/expenses': '/api/expenses',
  '/admin/todos': '/api/todos',
  '/admin/expected-interest': '/api/stats/interest-metrics/emis',
};
const listOf = (link: TFigureLink) => {
  const url = figureLinkUrl(link).replace(link.path, API_OF[link.path] ?? link.path);
  return get(`${url}${url.includes('?') ? '&' : '?'}limit=1`);
};

describe("every dashboard figure equals the total of the list it links to, over the link's filters", () => {
  it("today's, overdue and all open EMIs: Payments Due's count and what the open rows owe", async () => {
    const book = await get('/api/loans/admin-dashboard');
    const dueToday = await listOf(links.dueToday);
    expect(dueToday.total).toBe(book.todaysEmisCount);
    const pairs = [
      [links.openToday, book.todaysUnpaidEmisCount, book.todaysUnpaidEmisAmount],
      [links.openOverdue, book.overdueEmisCount, book.overdueEmisAmount],
      [links.openAll, book.allPendingEmisCount, book.allPendingEmisAmount],
    ] as const;
    for (const [link, count, amount] of pairs) {
      const list = await listOf(link);
      expect([list.total, list.totals.open_count, list.totals.open_amount], figureLinkUrl(link)).toEqual([
        count,
        count,
        amount,
      ]);
    }
    const today = await listOf(links.openToday);
    expect(book.averageAmountToBeCollectedToday).toBe(
      Math.round((today.totals.open_amount * 100) / today.total) / 100,
    );
    // The book's own numbers, so the equality is not 0 = 0.
    expect([
      book.todaysEmisCount,
      book.todaysUnpaidEmisCount,
      book.overdueEmisCount,
      book.allPendingEmisCount,
    ]).toEqual([2, 2, 20, 197]);
  });

  it('principal lent, loans given this month, approved loans: the Loans list total and amount', async () => {
    const book = await get('/api/loans/admin-dashboard');
    const lent = await listOf(links.lentLoans);
    expect(lent.totalAmount).toBe(book.totalPrincipal);
    const month = await listOf(links.lentThisMonth);
    expect([month.total, month.totalAmount]).toEqual([book.monthlyLoanCount, book.monthlyLoanAmount]);
    expect(book.monthlyLoanCount).toBe(2);
    // The cards the screen reads from the lists themselves: the same endpoint and filters as the link.
    const approved = await listOf(links.approvedLoans);
    expect(approved.total).toBe((await get('/api/loans?status=approved&limit=1')).total);
    expect(approved.total).toBe(2);
    const all = await listOf(links.allLoans);
    expect(all.total).toBe(4);
  });

  it('borrowers and agents: the Users list by role', async () => {
    for (const [link, role] of [
      [links.borrowers, 'user'],
      [links.agents, 'agent'],
    ] as const) {
      const list = await listOf(link);
      expect(list.total).toBe((await get(`/api/users?role=${role}&limit=1`)).total);
      expect(list.total).toBeGreaterThan(0);
    }
  });
});

describe('the income, recovery and cash figures: the Agent Collections report over the ledger cash rows', () => {
  it("revenue, recovered, interest, principal and charges: the report's totals over kind=cash", async () => {
    const book = await get('/api/loans/admin-dashboard');
    const revenue = await get('/api/stats/revenue');
    const interest = await get('/api/stats/interest-metrics');
    const cash = await listOf(links.cash);
    expect({
      revenue: cash.grandTotalRevenue,
      recovered: cash.grandTotalInstalment,
      interest: cash.grandTotalInterest,
      principal: cash.grandTotalPrincipal,
      charges: cash.grandTotalCharges,
      paidInterest: cash.grandTotalInterest,
    }).toEqual({
      revenue: revenue.totalRevenue,
      recovered: book.amountRecovered,
      interest: book.interestEarned,
      principal: book.principalRecovered,
      charges: book.totalPenalties,
      paidInterest: interest.paidInterest,
    });
    // The book's own numbers, so the equality is not 0 = 0; no bounce is a cash row.
    expect([cash.grandTotalRevenue, cash.grandTotalInstalment, cash.grandTotalBouncedCount]).toEqual([
      162, 1_660, 0,
    ]);
    const month = await listOf(links.cashThisMonth);
    expect(month.grandTotalInterest).toBe(interest.interestCollectedThisMonth);
    expect(month.grandTotalInterest).toBe(123.33);
  });

  it("collected today: the report's paid total over today's money in", async () => {
    const book = await get('/api/loans/admin-dashboard');
    const today = await listOf(links.collectedToday);
    expect(today.grandTotalPaidAmount).toBe(book.totalCollectedToday);
    expect(today.grandTotalPaidAmount).toBe(1_312);
    // Today's bounce is a record of the whole report, not of the money in.
    const all = await get(
      `/api/loans/agent/collection-report?startDate=${TODAY}%2000:00:00&endDate=${TODAY}%2023:59:59&limit=1`,
    );
    expect([all.count, today.count]).toEqual([today.count + 1, today.count]);
  });

  it('the cash-flow projection: Payments Due over each window, what the open rows owe', async () => {
    const health = await get('/api/loans/financial-health');
    for (const [link, figure] of [
      [links.inflow30, health.inflow30],
      [links.inflow60, health.inflow60],
      [links.inflow90, health.inflow90],
    ] as const) {
      const list = await listOf(link);
      expect(list.totals.open_amount, figureLinkUrl(link)).toBe(figure);
    }
    expect(health.inflow90).toBe(15_660);
  });
});

describe("the Interest panel's month figures and the cards' month-on-month changes", () => {
  it('expected this month, collected vs expected, average rate: the month’s EMIs and their interest shares', async () => {
    const interest = await get('/api/stats/interest-metrics');
    const month = await get(
      `${figureLinkUrl(links.expectedInterest).replace('/admin/expected-interest', '/api/stats/interest-metrics/emis')}&limit=1000`,
    );
    const shares = month.rows.reduce(
      (sum: number, row: { interest_share: number }) => sum + Math.round(row.interest_share * 100),
      0,
    );
    expect({
      expected: month.totals.expectedInterest,
      shares: shares / 100,
      rate: month.totals.averageRate,
      collectedVsExpected: month.totals.collectedVsExpected,
      collected: month.totals.collectedInterest,
    }).toEqual({
      expected: interest.expectedInterest,
      shares: interest.expectedInterest,
      rate: interest.avgInterestRate,
      collectedVsExpected: interest.collectedVsExpected,
      collected: interest.interestCollectedThisMonth,
    });
    expect([month.total, interest.expectedInterest, interest.avgInterestRate]).toEqual([42, 830, 25.31]);
  });

  it("the changes' base: last month's lent loans and income, from the lists filtered to last month", async () => {
    const loans = await get('/api/stats/loans/approved/monthly');
    expect((await listOf(links.lentLastMonth)).total).toBe(loans.lastMonthCount);
    expect(loans.lastMonthCount).toBe(1);
    const revenue = await get('/api/stats/revenue/monthly');
    expect((await listOf(links.cashLastMonth)).grandTotalRevenue).toBe(revenue.lastMonth);
    expect(revenue.lastMonth).toBe(36.67); // the interest share of P's October ₹120 and ₹100
  });
});

describe('the expense and task figures: their lists', () => {
  it('expenses this month and the Expenses panel: the Expenses list over the month', async () => {
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: cast.admin.headers, payload });
    for (const amount of [250.5, 100]) {
      const saved = await post('/api/expenses', {
        expense_name: 'Fuel',
        reason: 'Rounds',
        amount_paid: amount,
      });
      expect(saved.statusCode, saved.body).toBe(201);
    }
    const monthly = await get('/api/stats/expenses/monthly');
    const panel = await get('/api/expenses/dashboard');
    const month = await listOf(links.expensesThisMonth);
    expect([month.totalAmount, month.totalExpenses]).toEqual([monthly.currentMonth, panel.thisMonthCount]);
    expect(month.totalAmount).toBe(350.5);
    expect((await listOf(links.allExpenses)).averageAmount).toBe(panel.averageAmount);
    // Nothing was spent last month: the card's base is that list's (empty) total.
    expect((await listOf(links.expensesLastMonth)).totalAmount).toBe(monthly.lastMonth);
  });

  it('total, completed and pending tasks: the Tasks list by status', async () => {
    for (const [title, completed] of [
      ['Call the bank', true],
      ['File receipts', false],
      ['Visit branch', false],
    ] as const) {
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/todos',
        headers: cast.admin.headers,
        payload: { title, completed },
      });
      expect(saved.statusCode, saved.body).toBe(201);
    }
    const stats = await get('/api/todos/stats');
    const totals = await Promise.all(
      [links.allTasks, links.completedTasks, links.pendingTasks].map(
        async (link) => (await listOf(link)).total,
      ),
    );
    expect(totals).toEqual([stats.total, stats.completed, stats.pending]);
    expect(totals).toEqual([3, 1, 2]);
  });
});

describe("the lists' new filters refuse what they do not know (400, never 500)", () => {
  it.each([
    '/api/loans/agent/collection-report?kind=income',
    '/api/loans/emis/due?dates=range&date=2026-11-21',
    '/api/loans/emis/due?dates=range&date=2026-11-21&to=2026-11-20',
    '/api/loans/emis/due?dates=range&date=2026-11-21&to=2026-02-30',
    '/api/todos?status=done',
    '/api/stats/interest-metrics/emis?month=2026-13',
    '/api/stats/interest-metrics/emis?status=pending',
  ])('%s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: cast.admin.headers });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

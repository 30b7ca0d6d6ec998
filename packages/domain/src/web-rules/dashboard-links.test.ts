import { describe, expect, it } from 'vitest';
import { dashboardLinks, figureLinkUrl } from './dashboard-links';

describe('the dashboard links of the income, cash-flow, expense and task figures', () => {
  const links = dashboardLinks('2026-11-21');

  it('open the ledger cash rows, this month and today', () => {
    expect(figureLinkUrl(links.cash)).toBe('/admin/loans/agent-collections?kind=cash');
    expect(links.cashThisMonth.query).toEqual({
      kind: 'cash',
      startDate: '2026-11-01 00:00:00',
      endDate: '2026-11-21 23:59:59',
    });
    expect(links.collectedToday.query).toEqual({
      kind: 'collected',
      startDate: '2026-11-21 00:00:00',
      endDate: '2026-11-21 23:59:59',
    });
  });

  it('the projection windows end on their last day, today counting as the first', () => {
    expect([links.inflow30.query.to, links.inflow60.query.to, links.inflow90.query.to]).toEqual([
      '2026-12-20',
      '2027-01-19',
      '2027-02-18',
    ]);
    expect(links.inflow30.query).toMatchObject({ date: '2026-11-21', dates: 'range', status: 'open' });
  });

  it('expenses of the month, tasks by status', () => {
    expect(figureLinkUrl(links.expensesThisMonth)).toBe(
      '/admin/expenses?startDate=2026-11-01&endDate=2026-11-21',
    );
    expect(figureLinkUrl(links.pendingTasks)).toBe('/admin/todos?status=pending');
  });

  it("the interest panel's month list, and last month's lists behind the month-on-month changes", () => {
    expect(figureLinkUrl(links.expectedInterest)).toBe('/admin/expected-interest?month=2026-11');
    expect(figureLinkUrl(links.lentLastMonth)).toBe(
      '/admin/loans?status=lent&start_date=2026-10-01&end_date=2026-10-31',
    );
    expect(links.cashLastMonth.query).toEqual({
      kind: 'cash',
      startDate: '2026-10-01 00:00:00',
      endDate: '2026-10-31 23:59:59',
    });
    expect(figureLinkUrl(links.expensesLastMonth)).toBe(
      '/admin/expenses?startDate=2026-10-01&endDate=2026-10-31',
    );
    // January's last month is December of the year before.
    expect(dashboardLinks('2027-01-05').lentLastMonth.query).toMatchObject({
      start_date: '2026-12-01',
      end_date: '2026-12-31',
    });
  });
});

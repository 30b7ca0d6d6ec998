import { DASHBOARD_BOOK_INTEREST_TOTALS } from '@lending/domain/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, lastParams, pinnedClock } from '../../../test/calls';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// Whole-app renders: slow machines need the room.
const clock = pinnedClock('2026-11-21');

/** The figures of the server's dashboard test book (see its figure-links test). */
const interest = {
  interestCollectedThisMonth: 123.33,
  expectedInterest: 830,
  avgInterestRate: 25.31,
  paidInterest: 160,
  collectedVsExpected: 14.86,
};
/** That book's list of November's EMIs, one row shown, the totals over all 42. */
const monthList = {
  month: '2026-11',
  rows: [
    {
      emi_id: 7,
      loan_id: 1,
      loan_code: 'LN-P',
      customer_name: 'Asha',
      loan_status: 'approved',
      emi_number: 3,
      emi_date: '2026-11-01',
      emi_status: 'paid',
      amount: 120,
      interest_share: 20,
      loan_rate: 20,
    },
  ],
  page: 1,
  total: 42,
  totalPages: 1,
  totals: DASHBOARD_BOOK_INTEREST_TOTALS,
};

describe("the Interest panel's month figures and the cards' changes open their lists", {
  timeout: 30_000,
}, () => {
  it('Expected this month, Collected vs expected and Average rate open the month’s EMIs, whose totals are the figures', async () => {
    const app = renderApp('/admin/dashboard', {
      user: makeUser('admin'),
      api: {
        'GET /clock': clock,
        'GET /stats/interest-metrics': { body: interest },
        'GET /stats/interest-metrics/emis': { body: monthList },
      },
    });
    const panel = await screen.findByTestId('summary-Interest');
    const expected = await within(panel).findByRole('link', { name: '₹830' });
    for (const name of ['₹830', '14.86%', '25.31%']) {
      expect(within(panel).getByRole('link', { name })).toHaveAttribute(
        'href',
        '/admin/expected-interest?month=2026-11',
      );
    }
    await app.events.click(expected);
    expect(await screen.findByRole('heading', { level: 1, name: 'Expected interest' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(app.calls, '/stats/interest-metrics/emis').length).toBeGreaterThan(0));
    expect(lastParams(app.calls, '/stats/interest-metrics/emis', 'month', 'status')).toEqual({
      month: '2026-11',
      status: 'lent',
    });
    expect(await screen.findByTestId('expected-interest-Expected interest')).toHaveTextContent('₹830');
    expect(screen.getByTestId('expected-interest-Average rate')).toHaveTextContent('25.31%');
    expect(screen.getByTestId('expected-interest-Collected vs expected')).toHaveTextContent('14.86%');
    expect(screen.getByTestId('expected-interest-footer')).toHaveTextContent('All 42 EMIs');
    const table = screen.getByTestId('expected-interest-table');
    expect(within(table).getByText('LN-P')).toBeInTheDocument();
    expect(within(table).getByText('₹20')).toBeInTheDocument();
  });

  it("the cards' month-on-month changes open last month's list where one exists", async () => {
    renderApp('/admin/dashboard', {
      user: makeUser('admin'),
      api: {
        'GET /clock': clock,
        'GET /stats/revenue/monthly': { body: { currentMonth: 125.33, lastMonth: 36.67 } },
        'GET /stats/loans/approved/monthly': { body: { currentMonthCount: 2, lastMonthCount: 1 } },
        'GET /stats/expenses/monthly': { body: { currentMonth: 350.5, lastMonth: 100 } },
      },
    });
    const trendOf = async (label: string) =>
      within(await screen.findByTestId(`figure-${label}`)).findByTestId('figure-trend');
    await waitFor(async () => expect(await trendOf('Approved Loans')).toHaveTextContent('+100%'));
    const hrefOf = async (label: string) =>
      within(await trendOf(label))
        .getByRole('link')
        .getAttribute('href');
    expect(await hrefOf('Approved Loans')).toBe(
      '/admin/loans?status=lent&start_date=2026-10-01&end_date=2026-10-31',
    );
    expect(await hrefOf('Expenses')).toBe('/admin/expenses?startDate=2026-10-01&endDate=2026-10-31');
    expect(await hrefOf('Total Revenue')).toBe(
      '/admin/loans/agent-collections?kind=cash&startDate=2026-10-01%2000%3A00%3A00&endDate=2026-10-31%2023%3A59%3A59',
    );
    // Users are listed by role without a joined-date filter, and the tasks' +10% is fixed: no list.
    for (const label of ['Total Users', 'Agent Users', 'Total Tasks']) {
      expect(within(await trendOf(label)).queryByRole('link')).toBeNull();
    }
  });
});

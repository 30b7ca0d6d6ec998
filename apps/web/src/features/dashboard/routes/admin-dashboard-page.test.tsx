import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_BOOK, pinnedClock } from '../../../test/dashboard-fixtures';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const NOW = new Date().toISOString();

/** The answers of the portfolio the server's dashboard test builds (see its figures test). */
const answers = {
  'GET /clock': pinnedClock(NOW),
  'GET /loans/admin-dashboard': {
    body: {
      ...DASHBOARD_BOOK,
      as_of: '2026-11-21T09:02:05.000Z',
    },
  },
  'GET /users': (call: TMockCall) => ({
    body: { total: call.url.searchParams.get('role') === 'agent' ? 4 : 120 },
  }),
  'GET /users/stats/monthly': { body: { currentMonthCount: 15, lastMonthCount: 10 } },
  'GET /users/stats/agents/monthly': { body: { currentMonthCount: 1, lastMonthCount: 0 } },
  'GET /loans': (call: TMockCall) => ({
    body:
      call.url.searchParams.get('status') === 'approved'
        ? { total: 3 }
        : { total: 4, totalAmount: 19_200, counts: { accepted: 1, pending: 1, completed: 1 } },
  }),
  'GET /stats/loans/approved/monthly': { body: { currentMonthCount: 2, lastMonthCount: 1 } },
  'GET /stats/revenue': { body: { totalRevenue: 162, interestEarned: 160, penaltiesCollected: 2 } },
  'GET /stats/revenue/monthly': { body: { currentMonth: 125.33, lastMonth: 36.67 } },
  'GET /stats/expenses/monthly': { body: { currentMonth: 900, lastMonth: 1_200 } },
  'GET /todos/stats': { body: { total: 6, completed: 4, pending: 2 } },
  'GET /expenses/dashboard': {
    body: {
      totalExpenses: 9,
      totalAmount: 2_700,
      averageAmount: 300,
      thisMonthAmount: 900,
      thisMonthCount: 3,
      lastMonthAmount: 1_200,
    },
  },
  'GET /stats/interest-metrics': {
    body: {
      interestCollectedThisMonth: 123.33,
      expectedInterest: 830,
      avgInterestRate: 26.67,
      paidInterest: 160,
      collectedVsExpected: 14.86,
    },
  },
  'GET /loans/financial-health': { body: { inflow30: 5_700, inflow60: 11_400, inflow90: 15_660 } },
  'GET /loans/dashboard/admin/recent-activities': {
    body: {
      recentLoans: [],
      recentPayments: [
        {
          id: 1,
          loan_id: 1,
          loan_code: 'LN-1',
          customer_name: 'Asha Verma',
          emi_number: 3,
          amount: 142,
          payment_mode: 'cash',
          collected_by: 'Ramesh',
          paid_at: NOW,
          updated_at: NOW,
        },
      ],
      recentBounces: [],
      recentUsers: [],
    },
  },
  'GET /stats/system/status': {
    body: {
      overall: 'degraded',
      checked_at: NOW,
      services: [
        {
          name: 'Database',
          status: 'operational',
          uptime: '2 ms',
          detail: 'Answers queries',
          response_time_ms: 2,
        },
        {
          name: 'Background jobs',
          status: 'degraded',
          uptime: '—',
          detail: 'Housekeeping has not run on this database yet',
          response_time_ms: null,
        },
      ],
    },
  },
};

/** The Agent Collections report over the ledger's cash rows, and a day's bounds as its URL has them. */
const CASH = '/admin/loans/agent-collections?kind=cash';
const day = (date: string) => `${date}%2000%3A00%3A00`;
const night = '2026-11-21%2023%3A59%3A59';
const figure = (label: string) => screen.getByTestId(`figure-${label}`);
const figureValue = (label: string) => within(figure(label)).getByTestId('figure-value').textContent;
const trendOf = (label: string) => within(figure(label)).queryByTestId('figure-trend')?.textContent ?? null;

describe('the admin dashboard', () => {
  it('shows every figure of the book with its month-on-month change, linked to its list', async () => {
    renderApp('/admin/dashboard', { user: makeUser('admin', { name: 'Anita' }), api: answers });
    expect(await screen.findByText('Welcome, Anita')).toBeInTheDocument();
    await waitFor(() => expect(figureValue('Total Principal Amount')).toBe('₹16,200'));
    // When the server read the money figures, in India's time.
    expect(screen.getByTestId('dashboard-as-of')).toHaveTextContent(
      'Money figures as of 21-11-2026 14:32:05',
    );
    expect(figureValue('Total Users')).toBe('120');
    expect(trendOf('Total Users')).toBe('+50%');
    expect(trendOf('Agent Users')).toBe('0%'); // last month 0: no percentage
    expect(figureValue('Today-Average-EMIs')).toBe('₹95');
    expect(figureValue('Approved Loans')).toBe('3');
    expect(trendOf('Approved Loans')).toBe('+100%');
    expect(figureValue('Expenses')).toBe('₹900');
    expect(trendOf('Expenses')).toBe('-25%');
    expect(trendOf('Total Tasks')).toBe('+10%');
    expect(figureValue('Completed Tasks')).toBe('4');
    expect(figureValue('Amount Recovered')).toBe('₹1,660');
    expect(figureValue("Today's EMIs Count")).toBe('2');
    expect(figureValue('EMIs Due Today (Unpaid)')).toBe('2');
    expect(figureValue('All Penalties/Charges')).toBe('₹2');
    expect(figureValue('Pending EMIs')).toBe('₹18,640');
    expect(within(figure('Pending EMIs')).getByText('197 open EMIs, any date')).toBeInTheDocument();
    expect(figureValue('Overdue EMIs')).toBe('₹2,350');
    expect(figureValue('Total Amount Collected Today')).toBe('₹1,312');
    expect(figureValue('Loans Given This Month')).toBe('₹6,200');
    expect(trendOf('Total Revenue')).toBe('+241.8%');

    // Each figure opens the list it summarises, with that list's filters in the URL.
    const hrefOf = (label: string) =>
      within(within(figure(label)).getByTestId('figure-value'))
        .getByRole('link')
        .getAttribute('href');
    await waitFor(() =>
      expect(hrefOf('EMIs Due Today (Unpaid)')).toBe(
        '/admin/payments-due?date=2026-11-21&dates=day&status=open',
      ),
    );
    expect({
      'Total Users': hrefOf('Total Users'),
      'Agent Users': hrefOf('Agent Users'),
      'Today-Average-EMIs': hrefOf('Today-Average-EMIs'),
      'Approved Loans': hrefOf('Approved Loans'),
      'Total Principal Amount': hrefOf('Total Principal Amount'),
      "Today's EMIs Count": hrefOf("Today's EMIs Count"),
      'Pending EMIs': hrefOf('Pending EMIs'),
      'Overdue EMIs': hrefOf('Overdue EMIs'),
      'Loans Given This Month': hrefOf('Loans Given This Month'),
      'Total Revenue': hrefOf('Total Revenue'),
      'Amount Recovered': hrefOf('Amount Recovered'),
      'All Penalties/Charges': hrefOf('All Penalties/Charges'),
      'Total Amount Collected Today': hrefOf('Total Amount Collected Today'),
      Expenses: hrefOf('Expenses'),
      'Total Tasks': hrefOf('Total Tasks'),
      'Completed Tasks': hrefOf('Completed Tasks'),
      'Pending Tasks': hrefOf('Pending Tasks'),
    }).toEqual({
      'Total Users': '/admin/users?role=user',
      'Agent Users': '/admin/users?role=agent',
      'Today-Average-EMIs': '/admin/payments-due?date=2026-11-21&dates=day&status=open',
      'Approved Loans': '/admin/loans?status=approved',
      'Total Principal Amount': '/admin/loans?status=lent',
      "Today's EMIs Count": '/admin/payments-due?date=2026-11-21&dates=day&status=due',
      'Pending EMIs': '/admin/payments-due?dates=any&status=open',
      'Overdue EMIs': '/admin/payments-due?date=2026-11-21&dates=before&status=open',
      'Loans Given This Month': '/admin/loans?status=lent&start_date=2026-11-01&end_date=2026-11-21',
      'Total Revenue': CASH,
      'Amount Recovered': CASH,
      'All Penalties/Charges': CASH,
      'Total Amount Collected Today': `/admin/loans/agent-collections?kind=collected&startDate=${day('2026-11-21')}&endDate=${night}`,
      Expenses: '/admin/expenses?startDate=2026-11-01&endDate=2026-11-21',
      'Total Tasks': '/admin/todos?status=all',
      'Completed Tasks': '/admin/todos?status=completed',
      'Pending Tasks': '/admin/todos?status=pending',
    });
    expect(screen.getByRole('link', { name: /See what every agent collected today/ })).toHaveAttribute(
      'href',
      '/admin/loans/agent-collections',
    );
  });

  it('draws the recovery split and the cash-flow projection, with their figures', async () => {
    renderApp('/admin/dashboard', { user: makeUser('admin'), api: answers });
    const recovery = await screen.findByTestId('recovery-chart', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(recovery).getByText('₹1,500')).toBeInTheDocument());
    expect(within(recovery).getByText('₹160')).toBeInTheDocument();
    expect(within(recovery).getByText('₹1,660')).toBeInTheDocument();
    const cashFlow = screen.getByTestId('cash-flow-chart');
    expect(within(cashFlow).getByText('₹5,700')).toBeInTheDocument();
    expect(within(cashFlow).getByText('₹15,660')).toBeInTheDocument();
    // Each drawn figure opens its list: the cash rows, Payments Due over each window.
    expect(within(recovery).getByRole('link', { name: '₹160' })).toHaveAttribute('href', CASH);
    expect(within(recovery).getByRole('link', { name: '₹1,500' })).toHaveAttribute('href', CASH);
    expect(within(cashFlow).getByRole('link', { name: '₹5,700' })).toHaveAttribute(
      'href',
      '/admin/payments-due?date=2026-11-21&dates=range&to=2026-12-20&status=open',
    );
    expect(within(cashFlow).getByRole('link', { name: '₹15,660' })).toHaveAttribute(
      'href',
      '/admin/payments-due?date=2026-11-21&dates=range&to=2027-02-18&status=open',
    );
    const interest = screen.getByTestId('summary-Interest');
    expect(within(interest).getByRole('link', { name: '₹160' })).toHaveAttribute('href', CASH);
    expect(
      within(interest)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toContain(`/admin/loans/agent-collections?kind=cash&startDate=${day('2026-11-01')}&endDate=${night}`);
    // Every figure of the Interest panel is a link, and its button: 5 lines + 1.
    expect(within(interest).getAllByRole('link').length).toBe(6);
    expect(within(screen.getByTestId('summary-Tasks')).getAllByRole('link').length).toBe(4);
    const expenses = screen.getByTestId('summary-Expenses');
    expect(within(expenses).getByText('₹900')).toBeInTheDocument();
    expect(within(expenses).getByText('₹300')).toBeInTheDocument();
    const loans = screen.getByTestId('summary-Loans');
    expect(within(loans).getByText('₹19,200')).toBeInTheDocument();
    expect(within(loans).getByRole('link', { name: 'View Loans' })).toHaveAttribute('href', '/admin/loans');
  });

  it('lists recent activity with its colour and amount, and the system status', async () => {
    renderApp('/admin/dashboard', { user: makeUser('admin'), api: answers });
    const item = await screen.findByTestId('activity-item', {}, { timeout: 5_000 });
    expect(within(item).getByText('Asha Verma')).toBeInTheDocument();
    expect(within(item).getByText('EMI 3 of LN-1 paid to Ramesh')).toBeInTheDocument();
    expect(within(item).getByText('₹142')).toBeInTheDocument();
    expect(within(item).getByText('a few seconds ago')).toBeInTheDocument();
    expect(await screen.findByTestId('system-overall')).toHaveTextContent('degraded');
    expect(screen.getAllByTestId('system-service')).toHaveLength(2);
    expect(screen.getByText('Housekeeping has not run on this database yet')).toBeInTheDocument();
  });

  it('falls back to 0 on every failed figure and says so in the activity and status panels', async () => {
    renderApp('/admin/dashboard', { user: makeUser('admin') });
    expect(await screen.findByText('Failed to load recent activity')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load system status')).toBeInTheDocument();
    expect(figureValue('Total Principal Amount')).toBe('₹0');
    expect(figureValue('Total Users')).toBe('0');
    expect(trendOf('Total Users')).toBe('0%');
    expect(trendOf('Total Tasks')).toBe('+10%');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, lastParams, pinnedClock } from '../../../test/calls';
import { dueAnswer, makeDueEmi } from '../../../test/emi-fixtures';
import { makeCollectionRecord, makeCollectionReport } from '../../../test/field-fixtures';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

// Whole-app renders: slow machines need the room.
const clock = pinnedClock('2026-11-21');

/** The report of the dashboard's test book over its cash rows (see the server's figure-links test). */
const cashReport = makeCollectionReport(
  [makeCollectionRecord({ amount: 142, instalment: 140, charges: 2, interest_share: 23.33 })],
  {
    grandTotalPaidAmount: 1_662,
    grandTotalInstalment: 1_660,
    grandTotalCharges: 2,
    grandTotalInterest: 160,
    grandTotalPrincipal: 1_500,
    grandTotalRevenue: 162,
  },
);

describe("the income, cash-flow, expense and task figures open their lists, filtered from the link's URL", {
  timeout: 30_000,
}, () => {
  it("Total Revenue opens Agent Collections over the ledger's cash rows, whose Revenue total is the figure", async () => {
    const app = renderApp('/admin/dashboard', {
      user: makeUser('admin'),
      api: {
        'GET /clock': clock,
        'GET /stats/revenue': { body: { totalRevenue: 162, interestEarned: 160, penaltiesCollected: 2 } },
        'GET /loans/agent/collection-report': { body: cashReport },
        'GET /users': { body: { users: [], total: 0 } },
      },
    });
    const card = await screen.findByTestId('figure-Total Revenue');
    const link = await within(card).findByRole('link', { name: '₹162' });
    await app.events.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent Collections' })).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(app.calls, '/loans/agent/collection-report').length).toBeGreaterThan(0),
    );
    expect(lastParams(app.calls, '/loans/agent/collection-report', 'kind', 'startDate')).toEqual({
      kind: 'cash',
      startDate: null,
    });
    const revenue = await screen.findByTestId('collections-card-Revenue');
    expect(revenue).toHaveTextContent('₹162');
    expect(screen.getByTestId('collections-card-Interest Share')).toHaveTextContent('₹160');
    expect(screen.getByTestId('collections-card-Instalments Recovered')).toHaveTextContent('₹1,660');
    expect(screen.getByRole('combobox', { name: 'Records' })).toHaveValue(
      'Cash rows (collections and refunds)',
    );
    // The record's interest share is a column of the list.
    expect(screen.getByTestId('collection-interest')).toHaveTextContent('₹23.33');
  });

  it("Total Amount Collected Today: the report reads today's money in from its URL", async () => {
    const app = renderApp(
      '/admin/loans/agent-collections?kind=collected&startDate=2026-11-21%2000:00:00&endDate=2026-11-21%2023:59:59',
      { user: makeUser('admin'), api: { 'GET /loans/agent/collection-report': { body: cashReport } } },
    );
    await waitFor(() =>
      expect(callsTo(app.calls, '/loans/agent/collection-report').length).toBeGreaterThan(0),
    );
    expect(lastParams(app.calls, '/loans/agent/collection-report', 'kind', 'startDate', 'endDate')).toEqual({
      kind: 'collected',
      startDate: '2026-11-21 00:00:00',
      endDate: '2026-11-21 23:59:59',
    });
  });

  it('the cash-flow windows: Payments Due reads a date range from its URL', async () => {
    const app = renderApp('/admin/payments-due?date=2026-11-21&dates=range&to=2026-12-20&status=open', {
      user: makeUser('admin'),
      api: { 'GET /clock': clock, 'GET /loans/emis/due': (call) => dueAnswer(call.url, [makeDueEmi(1)]) },
    });
    await waitFor(() => expect(callsTo(app.calls, '/loans/emis/due').length).toBeGreaterThan(0));
    expect(lastParams(app.calls, '/loans/emis/due', 'date', 'dates', 'to', 'status')).toEqual({
      date: '2026-11-21',
      dates: 'range',
      to: '2026-12-20',
      status: 'open',
    });
    expect(screen.getByRole('textbox', { name: 'Through' })).toHaveValue('20/12/2026');
    expect(await screen.findByTestId('due-table-title')).toHaveTextContent('EMIs Due in the Range');
  });

  it('the Expenses card: the Expenses list reads the month from its URL', async () => {
    const app = renderApp('/admin/expenses?startDate=2026-11-01&endDate=2026-11-21', {
      user: makeUser('admin'),
      api: {
        'GET /clock': clock,
        'GET /expenses': {
          body: {
            expenses: [],
            page: 1,
            totalPages: 0,
            totalExpenses: 0,
            totalAmount: 0,
            thisMonthAmount: 0,
            averageAmount: 0,
          },
        },
        'GET /expenses/agents': { body: { users: [] } },
      },
    });
    await waitFor(() => expect(callsTo(app.calls, '/expenses').length).toBeGreaterThan(0));
    expect(lastParams(app.calls, '/expenses', 'startDate', 'endDate')).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-21',
    });
  });

  it('Pending Tasks: the Tasks list reads its status from the URL', async () => {
    const app = renderApp('/admin/todos?status=pending', {
      user: makeUser('admin'),
      api: {
        'GET /todos': { body: { todos: [], total: 0, page: 1, totalPages: 0 } },
        'GET /todos/stats': { body: { total: 3, completed: 1, pending: 2 } },
      },
    });
    await waitFor(() => expect(callsTo(app.calls, '/todos').length).toBeGreaterThan(0));
    expect(lastParams(app.calls, '/todos', 'status')).toEqual({ status: 'pending' });
    expect(screen.getByRole('radio', { name: 'Pending' })).toBeChecked();
  });
});

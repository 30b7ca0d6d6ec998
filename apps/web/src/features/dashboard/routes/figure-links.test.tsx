import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_BOOK, pinnedClock } from '../../../test/dashboard-fixtures';
import { dueAnswer, makeDueEmi } from '../../../test/emi-fixtures';
import { makeUser } from '../../../test/fixtures';
import { makeLoan, makeLoanPage } from '../../../test/loan-fixtures';
import type { TMockCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const clock = pinnedClock();
const book = DASHBOARD_BOOK;
// Today's open EMIs as Payments Due lists them: one pending, one current bounced (₹95 each).
const openToday = () => [
  makeDueEmi(1, { amount: 95 }),
  makeDueEmi(2, { amount: 95, status: 'bounced', is_current_bounce: true }),
];
const callsTo = (calls: TMockCall[], path: string) => calls.filter((call) => call.path === path);
const paramsOf = (call: TMockCall | undefined, ...keys: string[]) =>
  Object.fromEntries(keys.map((key) => [key, call?.url.searchParams.get(key) ?? null]));

describe('a dashboard figure opens the list it summarises, filtered as the figure counts', {
  timeout: 30_000,
}, () => {
  it("EMIs Due Today (Unpaid) opens Payments Due on today's open EMIs, whose cards show the figure", async () => {
    const app = renderApp('/admin/dashboard', {
      user: makeUser('admin'),
      api: {
        'GET /clock': clock,
        'GET /loans/admin-dashboard': { body: book },
        'GET /loans/emis/due': (call) => ({
          body: { ...dueAnswer(call.url, openToday()).body, status: 'open' },
        }),
      },
    });
    const card = await screen.findByTestId('figure-EMIs Due Today (Unpaid)');
    const link = await within(card).findByRole('link', { name: '2' });
    await waitFor(() =>
      expect(link).toHaveAttribute('href', '/admin/payments-due?date=2026-11-21&dates=day&status=open'),
    );
    await app.events.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments Due' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(app.calls, '/loans/emis/due').length).toBeGreaterThan(0));
    expect(paramsOf(callsTo(app.calls, '/loans/emis/due').at(-1), 'date', 'dates', 'status')).toEqual({
      date: '2026-11-21',
      dates: 'day',
      status: 'open',
    });
    await waitFor(() => expect(screen.getByTestId('due-card-open')).toHaveTextContent('2 · ₹190'));
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveValue('21/11/2026');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Open (pending or bounced, unpaid)');
    expect(screen.getByTestId('due-table-title')).toHaveTextContent('EMIs Due Today (2 records)');
  });

  it('Pending EMIs: Payments Due reads open EMIs of any date from its URL', async () => {
    const app = renderApp('/admin/payments-due?dates=any&status=open', {
      user: makeUser('admin'),
      api: { 'GET /clock': clock, 'GET /loans/emis/due': (call) => dueAnswer(call.url, openToday()) },
    });
    await waitFor(() => expect(callsTo(app.calls, '/loans/emis/due').length).toBeGreaterThan(0));
    expect(paramsOf(callsTo(app.calls, '/loans/emis/due').at(-1), 'dates', 'status')).toEqual({
      dates: 'any',
      status: 'open',
    });
    expect(screen.getByRole('combobox', { name: 'Dates' })).toHaveValue('Any date');
    expect(await screen.findByTestId('due-table-title')).toHaveTextContent('EMIs Due Any Date');
  });

  it('Loans Given This Month: the Loans list reads the lent status and start dates from its URL', async () => {
    const app = renderApp('/admin/loans?status=lent&start_date=2026-11-01&end_date=2026-11-21', {
      user: makeUser('admin'),
      api: {
        'GET /loans': { body: makeLoanPage([makeLoan({ id: 1 })], { total: 2, totalAmount: 6_200 }) },
        'GET /users': { body: { users: [] } },
      },
    });
    await waitFor(() => expect(callsTo(app.calls, '/loans').length).toBeGreaterThan(0));
    expect(paramsOf(callsTo(app.calls, '/loans').at(-1), 'status', 'start_date', 'end_date')).toEqual({
      status: 'lent',
      start_date: '2026-11-01',
      end_date: '2026-11-21',
    });
    expect(await screen.findByText('Status: Lent (approved, closed, default)')).toBeInTheDocument();
  });

  it('Agent Users: the Users list reads the role from its URL', async () => {
    const app = renderApp('/admin/users?role=agent', {
      user: makeUser('admin'),
      api: { 'GET /users': { body: { users: [], total: 0, totalPages: 0, page: 1 } } },
    });
    await waitFor(() => expect(callsTo(app.calls, '/users').length).toBeGreaterThan(0));
    expect(callsTo(app.calls, '/users').every((call) => call.url.searchParams.get('role') === 'agent')).toBe(
      true,
    );
  });
});

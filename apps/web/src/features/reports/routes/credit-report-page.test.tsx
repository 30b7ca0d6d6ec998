import type { TCreditEvent } from '@lending/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { columnHeaders, expectTestIdTexts, expectTexts } from '../../../test/assertions';
import { captureDownloads } from '../../../test/browser-stand-ins';
import { makeCreditEvent, makeCreditScore } from '../../../test/field-fixtures';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const events: TCreditEvent[] = [
  makeCreditEvent({
    id: 1,
    event_type: 'EMI_BOUNCED',
    emi_number: 3,
    amount: 500,
    bounced_amount: 500,
    bounce_reason: 'Insufficient funds',
    bounce_sequence: 2,
    charges_applied: 100,
    bounce_date: '2026-11-12',
    created_at: '2026-11-12T06:00:00.000Z',
  }),
  makeCreditEvent({ id: 2, event_type: 'EMI_PAID_LATE', emi_number: 2, amount: 600 }),
  makeCreditEvent({
    id: 3,
    customer_id: 41,
    customer_name: 'Ravi Kumar',
    loan_code: 'LN0002',
    emi_number: 1,
    amount: 1200.5,
  }),
];

/** The server counts every match (25 here), not the 3 rows of the page. */
const COUNTS = { paidOnTime: 14, paidLate: 6, bounced: 5 };

const page = (rows: TCreditEvent[], total = 25, totalPages = 3, counts = COUNTS) => ({
  body: { success: true, data: { reports: rows, total, totalPages, counts } },
});

type THandler = (call: TMockCall) => TMockReply;

const renderReport = (overrides: Record<string, THandler | TMockReply> = {}) =>
  renderApp('/admin/reports', {
    user: makeUser('admin'),
    api: {
      'GET /reports': page(events),
      'GET /users': {
        body: { users: [{ id: 40, name: 'Sunita Devi', mobile: '9876500001' }], total: 1, totalPages: 1 },
      },
      'GET /reports/score': (call) =>
        ({
          body: makeCreditScore({ customer_id: Number(call.url.searchParams.get('customer_id')) }),
        }) as TMockReply,
      ...overrides,
    },
  });

const reportCalls = (calls: TMockCall[]) => calls.filter((call) => call.path === '/reports');

describe('Credit Report', { timeout: 30_000 }, () => {
  it('lists the credit events with the bounce history, cards and paging', async () => {
    const app = renderReport();
    const bounced = await screen.findByTestId('credit-event-1');
    const table = screen.getByTestId('credit-events-table');
    expect(columnHeaders(table)).toEqual(['Date', 'Customer', 'Loan', 'Event', 'Amount']);
    expectTexts(bounced, ['12-11-2026 11:30 AM', 'LN0001 · EMI #3', 'EMI Bounced']);
    expect(screen.getByTestId('credit-event-2')).toHaveTextContent('Paid Late');
    expect(screen.getByTestId('credit-event-3')).toHaveTextContent('Paid On Time');
    expect(screen.getByTestId('credit-event-3')).toHaveTextContent('₹1,201');

    const history = screen.getByTestId('bounce-history');
    expect(within(history).getAllByRole('listitem')).toHaveLength(1);
    expect(history).toHaveTextContent('Sunita Devi · LN0001 · EMI #3');
    expect(history).toHaveTextContent(
      '₹500 bounced on 12-11-2026 · Insufficient funds · Bounce #2 · Charges ₹100',
    );

    expectTestIdTexts({
      'report-card-Paid On Time': '14All matching events',
      'report-card-Paid Late': '6',
      'report-card-Bounced': '5',
      'credit-score-card': 'Choose a customer, or search for one',
    });

    expect(screen.getByTestId('reports-range')).toHaveTextContent('Showing 1 to 10 of 25 results');
    const query = reportCalls(app.calls)[0]?.url.searchParams;
    expect(query?.get('limit')).toBe('10');
    expect(query?.get('sort_by')).toBe('created_at');
    expect(query?.get('sort_direction')).toBe('desc');
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await app.events.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(reportCalls(app.calls).at(-1)?.url.searchParams.get('page')).toBe('2'));
    expect(await screen.findByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
    await app.events.click(screen.getByRole('button', { name: 'Prev' }));
    await waitFor(() => expect(screen.getByTestId('reports-range')).toHaveTextContent('Showing 1 to 10'));
  });

  it.each([
    [850, 'Excellent'],
    [750, 'Excellent'],
    [749, 'Good'],
    [700, 'Good'],
    [650, 'Fair'],
    [600, 'Poor'],
    [599, 'Very Poor'],
    [300, 'Very Poor'],
  ])('shows a picked customer score of %i as %s', async (score, band) => {
    const app = renderReport({
      'GET /reports/score': { body: makeCreditScore({ score, paidOnTime: 7, paidLate: 2, bounced: 3 }) },
    });
    await screen.findByTestId('credit-event-1');
    await app.events.click(screen.getByRole('combobox', { name: 'Customer' }));
    await app.events.click(await screen.findByRole('option', { name: 'Sunita Devi (9876500001)' }));
    expect(await screen.findByTestId('credit-band')).toHaveTextContent(band);
    expect(screen.getByTestId('credit-score')).toHaveTextContent(String(score));
    expect(
      app.calls.find((call) => call.path === '/reports/score')?.url.searchParams.get('customer_id'),
    ).toBe('40');
    await waitFor(() =>
      expect(reportCalls(app.calls).at(-1)?.url.searchParams.get('customer_id')).toBe('40'),
    );
    expect(screen.getByTestId('report-card-Paid On Time')).toHaveTextContent("7All of Sunita Devi's EMIs");
    expect(screen.getByTestId('report-card-Bounced')).toHaveTextContent('3');
  });

  it("shows the searched customer's score when the search finds one customer", async () => {
    const app = renderReport({
      'GET /reports': (call) =>
        call.url.searchParams.get('search') === 'Sunita' ? page(events.slice(0, 2), 2, 1) : page(events),
    });
    await screen.findByTestId('credit-event-3');
    expect(app.calls.some((call) => call.path === '/reports/score')).toBe(false);
    await app.events.type(screen.getByRole('textbox', { name: 'Search' }), 'Sunita');
    expect(await screen.findByTestId('credit-band')).toHaveTextContent('Excellent');
    expect(screen.getByTestId('credit-score')).toHaveTextContent('800');
    expect(screen.getByTestId('reports-range')).toHaveTextContent('Showing 1 to 2 of 2 results');
  });

  it('shows the empty state with Export CSV disabled', async () => {
    renderReport({ 'GET /reports': page([], 0, 0, { paidOnTime: 0, paidLate: 0, bounced: 0 }) });
    expect(await screen.findByText('No reports found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search criteria.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(screen.getByTestId('reports-range')).toHaveTextContent('Showing 0 to 0 of 0 results');
  });

  it('toasts when the export fails', async () => {
    const app = renderReport({ 'GET /reports/export': { status: 500, body: { message: 'boom' } } });
    await screen.findByTestId('credit-event-1');
    await app.events.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Failed to export credit reports')).toBeInTheDocument();
  });

  it('toasts when the reports cannot be fetched', async () => {
    renderReport({ 'GET /reports': { status: 403, body: { message: 'Forbidden' } } });
    expect(await screen.findByText('Failed to fetch credit reports')).toBeInTheDocument();
    expect(screen.getByText('No reports found')).toBeInTheDocument();
  });

  it("exports through the server's endpoint with the search (every match, not the page) and refreshes", async () => {
    const app = renderReport({
      'GET /reports/export': { body: 'Date,Customer' },
    });
    await screen.findByTestId('credit-event-1');
    await app.events.type(screen.getByRole('textbox', { name: 'Search' }), 'LN0001');
    await waitFor(() => expect(reportCalls(app.calls).at(-1)?.url.searchParams.get('search')).toBe('LN0001'));
    const { names } = captureDownloads();
    await app.events.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(names).toHaveLength(1));
    expect(names[0]).toMatch(/^credit_report_\d{4}-\d{2}-\d{2}\.csv$/);
    const call = app.calls.find((c) => c.path === '/reports/export');
    expect(call?.url.searchParams.get('search')).toBe('LN0001');
    expect(call?.url.searchParams.has('page')).toBe(false);
    expect(new Headers(call?.init.headers).get('authorization')).toMatch(/^Bearer /);

    const before = reportCalls(app.calls).length;
    await app.events.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(reportCalls(app.calls).length).toBeGreaterThan(before));
  });
});

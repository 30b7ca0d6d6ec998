import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { columnHeaders, expectTestIdTexts, expectTexts } from '../../../test/assertions';
import { captureDownloads, stubPhone } from '../../../test/browser-stand-ins';
import { makeCollectionRecord, makeCollectionReport } from '../../../test/field-fixtures';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const records = [
  makeCollectionRecord({ amount: 500.5 }),
  makeCollectionRecord({
    status: 'bounced',
    paid_at: null,
    bounced_at: '2026-11-20T10:30:00.000Z',
    customer: { id: 41, name: 'Ravi Kumar', mobile: '9876500002' },
    loan_code: 'LN0002',
    loan_number: 2,
    emi_number: 4,
    payment_mode: null,
    amount: 300,
  }),
];

const report = makeCollectionReport(records, {
  count: 45,
  totalPages: 3,
  grandTotalPaidAmount: 123456.5,
  grandTotalBouncedAmount: 2500,
  grandTotalBouncedCount: 5,
  grandUniqueAgents: 4,
  grandUniqueCustomers: 17,
  dailySummary: [
    {
      date: '2026-11-21',
      agent: { id: 30, name: 'Ramesh Agent', mobile: '9000000030' },
      totalCollected: 500.5,
      totalBounced: 300,
      emisCollected: 1,
      emisBounced: 1,
    },
  ],
});

const users = (call: TMockCall): TMockReply =>
  call.url.searchParams.get('role') === 'agent'
    ? { body: { users: [{ id: 30, name: 'Ramesh Agent', mobile: '9000000030' }], total: 1, totalPages: 1 } }
    : { body: { users: [{ id: 20, name: 'Anita Admin', mobile: '9000000020' }], total: 1, totalPages: 1 } };

type THandler = (call: TMockCall) => TMockReply;

const renderReport = (overrides: Record<string, THandler | TMockReply> = {}) =>
  renderApp('/admin/loans/agent-collections', {
    user: makeUser('admin'),
    api: { 'GET /loans/agent/collection-report': { body: report }, 'GET /users': users, ...overrides },
  });

const lastQuery = (calls: TMockCall[]) =>
  calls.filter((call) => call.path === '/loans/agent/collection-report').at(-1)?.url.searchParams;

describe('Agent Collections report', { timeout: 30_000 }, () => {
  it('shows the daily summary, grand totals, page cards and detail rows', async () => {
    const app = renderReport();
    expect(await screen.findByRole('heading', { name: 'Agent Collections' })).toBeInTheDocument();
    await screen.findAllByTestId('collection-row');

    const summary = screen.getByTestId('daily-summary');
    expect(columnHeaders(summary)).toEqual([
      'Date',
      'Agent',
      'Mobile',
      'Total Collected',
      'Total Bounced',
      'EMIs Collected',
      'EMIs Bounced',
    ]);
    expect(within(summary).getAllByRole('row')[1]).toHaveTextContent(
      '21-11-2026Ramesh Agent9000000030₹500.50₹30011',
    );

    expectTestIdTexts({
      'collections-card-All Agents': '4',
      'collections-card-All Customers': '17',
      'collections-card-All Collected': '₹1,23,456.50',
      'collections-card-All Bounced': '₹2,500',
      'collections-card-Agents': '1',
      'collections-card-Customers': '2',
      'collections-card-Total Collected': '₹500.50',
      'collections-card-Total Bounced': '₹300',
    });

    const table = screen.getByTestId('collections-table');
    expect(columnHeaders(table)).toEqual([
      'Date',
      'Agent',
      'Customer',
      'Loan Code',
      'Loan #',
      'EMI #',
      'Payment Mode',
      'Status',
      'Amount',
      'Interest',
    ]);
    const [paid, bounced] = screen.getAllByTestId('collection-row');
    expectTexts(paid, ['21-11-2026 10:30 AM', 'Cash', 'Paid']);
    expect(bounced).toHaveTextContent('20-11-2026 04:00 PM');
    expect(bounced).toHaveTextContent('Bounced');
    expect(screen.getByTestId('collections-range')).toHaveTextContent('Showing 1 to 20 of 45 results');

    const query = lastQuery(app.calls);
    expect(query?.get('page')).toBe('1');
    expect(query?.get('limit')).toBe('20');
    expect(query?.has('startDate')).toBe(false);

    await app.events.click(screen.getByRole('combobox', { name: 'Agent' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      'All Agents & Admins',
      'Ramesh Agent (9000000030) [Agent]',
      'Anita Admin (9000000020) [Admin]',
    ]);
  });

  it('applies the agent, search and dd-MM-yy dates on Search', async () => {
    const app = renderReport();
    await screen.findAllByTestId('collection-row');
    await app.events.click(screen.getByRole('combobox', { name: 'Agent' }));
    await app.events.click(await screen.findByRole('option', { name: 'Ramesh Agent (9000000030) [Agent]' }));
    await app.events.type(screen.getByRole('textbox', { name: 'Search' }), ' LN0002 ');
    fireEvent.change(screen.getByRole('textbox', { name: 'Start Date' }), { target: { value: '01-11-26' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'End Date' }), { target: { value: '21-11-26' } });
    const before = app.calls.length;
    await app.events.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(app.calls)?.get('page')).toBe('2'));
    expect(lastQuery(app.calls)?.has('agentId')).toBe(false);
    expect(app.calls.length).toBeGreaterThan(before);

    await app.events.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery(app.calls)?.get('agentId')).toBe('30'));
    const query = lastQuery(app.calls);
    expect(query?.get('search')).toBe('LN0002');
    expect(query?.get('startDate')).toBe('2026-11-01 00:00:00');
    expect(query?.get('endDate')).toBe('2026-11-21 23:59:59');
    expect(query?.get('page')).toBe('1');
  });

  it('changes rows per page, including a checked custom number', async () => {
    const app = renderReport();
    await screen.findAllByTestId('collection-row');
    await app.events.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await app.events.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(lastQuery(app.calls)?.get('limit')).toBe('50'));

    await app.events.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await app.events.click(await screen.findByRole('option', { name: 'Custom' }));
    const custom = screen.getByRole('textbox', { name: 'Custom rows' });
    for (const bad of ['0', '2.5', 'abc']) {
      await app.events.clear(custom);
      await app.events.type(custom, bad);
      await app.events.click(screen.getByRole('button', { name: 'Set' }));
      expect(
        await screen.findByText('Rows per page must be a whole number greater than 0'),
      ).toBeInTheDocument();
    }
    expect(lastQuery(app.calls)?.get('limit')).toBe('50');
    await app.events.clear(custom);
    await app.events.type(custom, '25');
    await app.events.click(screen.getByRole('button', { name: 'Set' }));
    await waitFor(() => expect(lastQuery(app.calls)?.get('limit')).toBe('25'));
    expect(lastQuery(app.calls)?.get('page')).toBe('1');
    expect(screen.queryByText('Rows per page must be a whole number greater than 0')).not.toBeInTheDocument();
  });

  it("exports every record of the applied filters through the server's endpoint", async () => {
    const app = renderReport({ 'GET /loans/agent/collection-report/export': { body: 'Date,Agent' } });
    await screen.findAllByTestId('collection-row');
    await app.events.type(screen.getByRole('textbox', { name: 'Search' }), 'LN0001');
    await app.events.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery(app.calls)?.get('search')).toBe('LN0001'));
    const { names } = captureDownloads();
    await app.events.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() => expect(names).toHaveLength(1));
    expect(names[0]).toMatch(/^agent_collections_\d{4}-\d{2}-\d{2}\.csv$/);
    const call = app.calls.find((c) => c.path === '/loans/agent/collection-report/export');
    expect(call?.url.searchParams.get('search')).toBe('LN0001');
    expect(call?.url.searchParams.has('page')).toBe(false);
    expect(call?.url.searchParams.has('limit')).toBe(false);
    expect(new Headers(call?.init.headers).get('authorization')).toMatch(/^Bearer /);
  });

  it('toasts when the export fails', async () => {
    const app = renderReport({
      'GET /loans/agent/collection-report/export': { status: 500, body: { message: 'boom' } },
    });
    await screen.findAllByTestId('collection-row');
    await app.events.click(screen.getByRole('button', { name: 'Export to CSV' }));
    expect(await screen.findByText('Failed to export agent collections')).toBeInTheDocument();
  });

  it('shows a foreclosure’s collection as a paid Foreclosure row without an EMI number', async () => {
    const foreclosure = makeCollectionRecord({
      record_type: 'foreclosure',
      emi_number: null,
      loan_code: 'LN0009',
      loan_number: 9,
      payment_mode: 'upi',
      amount: 1140,
    });
    renderReport({
      'GET /loans/agent/collection-report': { body: makeCollectionReport([foreclosure]) },
    });
    const [row] = await screen.findAllByTestId('collection-row');
    expectTexts(row, ['LN0009', 'Foreclosure', 'UPI', 'Paid']);
  });

  it('shows a refund as a Refunded row with a negative amount', async () => {
    const refund = makeCollectionRecord({
      record_type: 'refund',
      emi_number: null,
      loan_code: 'LN0009',
      loan_number: 9,
      payment_mode: 'upi',
      amount: -140,
    });
    renderReport({
      'GET /loans/agent/collection-report': { body: makeCollectionReport([refund]) },
    });
    const [row] = await screen.findAllByTestId('collection-row');
    expectTexts(row, ['Refund', 'Refunded', '₹-140']);
  });

  it('shows cards on a phone', async () => {
    stubPhone();
    renderReport();
    const cards = await screen.findAllByTestId('collection-card');
    expect(cards).toHaveLength(2);
    expect(cards[1]).toHaveTextContent('LN0002 · #2 · EMI 4');
    expect(screen.queryByTestId('collections-table')).not.toBeInTheDocument();
  });

  it('empties the list and toasts on failure; a failed agents list stays silent', async () => {
    const app = renderReport({
      'GET /loans/agent/collection-report': { status: 500, body: { message: 'boom' } },
      'GET /users': { status: 500, body: { message: 'nope' } },
    });
    expect(await screen.findByText('Failed to fetch agent collections')).toBeInTheDocument();
    expect(screen.getByText('No collections found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export to CSV' })).toBeDisabled();
    await app.events.click(screen.getByRole('combobox', { name: 'Agent' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'All Agents & Admins',
    ]);
    expect(screen.queryByText('nope')).not.toBeInTheDocument();
  });
});

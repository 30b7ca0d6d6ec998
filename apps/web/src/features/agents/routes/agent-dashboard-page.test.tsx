import type { TOverdueEmiRow } from '@lending/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { columnHeaders, expectTexts } from '../../../test/assertions';
import { stubPhone } from '../../../test/browser-stand-ins';
import { makeOverdueRow, makeReceipt, makeUpcomingEmi } from '../../../test/field-fixtures';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const rows: TOverdueEmiRow[] = [
  makeOverdueRow({ emi_number: 3, emi_date: '2026-11-12', amount: 500, late_charge: 0 }),
  makeOverdueRow({
    emi_number: 2,
    emi_date: '2026-11-11',
    status: 'bounced',
    amount: 500,
    late_charge: 100.5,
  }),
  makeOverdueRow({
    loan_id: 2,
    loan_code: 'LN0002',
    customer_id: 41,
    customer_name: 'Ravi Kumar',
    customer_mobile: '9876500002',
    emi_number: 7,
    emi_date: '2026-11-15',
    amount: 1200,
  }),
];

type THandler = (call: TMockCall) => TMockReply | Promise<TMockReply>;

const renderDashboard = (overrides: Record<string, THandler | TMockReply> = {}) =>
  renderApp('/agent-dashboard', {
    user: makeUser('agent'),
    api: {
      'GET /loans/dashboard/agent': {
        body: { results: rows, totalCount: rows.length, overdueLoans: 2, totalDue: 2300.5 },
      },
      'GET /loans/dashboard/agent/upcoming': {
        body: { results: [makeUpcomingEmi(), makeUpcomingEmi({ emi_number: 21, emi_date: '2026-11-23' })] },
      },
      'PUT /cash/phone-sync': {
        body: { phone: { pending_count: 0, last_synced_at: null, reported_at: '2026-11-21T06:30:00.000Z' } },
      },
      'GET /cash/positions/me': {
        body: {
          today: '2026-11-21',
          position: {
            collector_id: 30,
            collector_name: 'Agent Person',
            collector_role: 'agent',
            in_hand: 1740.5,
            collected_today: { cash: 240, upi: 0, bank_transfer: 0, cheque: 0, card: 0, other: 0 },
            refunded_today: 0,
            handed_over_today: 0,
            oldest_held_date: '2026-11-19',
            age_days: 2,
            overdue: true,
            day_closed: false,
          },
        },
      },
      ...overrides,
    },
  });

const overdueCalls = (calls: TMockCall[]) => calls.filter((call) => call.path === '/loans/dashboard/agent');

describe('Agent dashboard', { timeout: 30_000 }, () => {
  it('groups the overdue EMIs per loan and shows the cards with the success rate', async () => {
    const app = renderDashboard();
    const first = await screen.findByTestId('overdue-row-1');
    expectTexts(first, ['Sunita Devi', '9876500001', 'LN0001', '11-11-2026', '₹1,100.50']);
    expect(within(first).getAllByRole('cell')[4]).toHaveTextContent('2');
    expect(screen.getByTestId('overdue-row-2')).toHaveTextContent('₹1,200');

    const headers = columnHeaders(screen.getByRole('table', { name: 'Overdue EMIs' }));
    expect(headers).toEqual([
      'Customer',
      'Mobile',
      'Loan Code',
      'Overdue Since',
      'Count',
      'Total Due',
      'Actions',
    ]);

    expect(screen.getByTestId('agent-card-Total Overdue')).toHaveTextContent('3');
    expect(screen.getByTestId('agent-card-Total Overdue')).toHaveTextContent('2 loans');
    expect(screen.getByTestId('agent-card-Total Due Amount')).toHaveTextContent('₹2,300.50');
    // 2 overdue loans ÷ (2 + 10) = 16.7 %.
    expect(screen.getByTestId('agent-card-Success Rate')).toHaveTextContent('16.7%');
    await waitFor(() => expect(screen.getByTestId('agent-card-Upcoming EMIs')).toHaveTextContent('2'));
    await waitFor(() => expect(screen.getByTestId('agent-card-Cash in hand')).toHaveTextContent('₹1,740.50'));
    expect(within(screen.getByTestId('upcoming-table')).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByTestId('upcoming-table')).toHaveTextContent('22-11-2026');

    const query = overdueCalls(app.calls)[0]?.url.searchParams;
    expect(query?.get('page')).toBe('1');
    expect(query?.get('limit')).toBe('1000');
    expect(app.calls.find((call) => call.path.endsWith('/upcoming'))?.url.searchParams.get('days')).toBe('3');

    const customers = screen.getByTestId('agent-card-My Customers').closest('a');
    expect(customers).toHaveAttribute('href', '/agent/customers');
    await app.events.click(customers as HTMLElement);
    await waitFor(() => expect(app.pathname()).toBe('/agent/customers'));
  });

  it('shows the split per loan in the Details view', async () => {
    const app = renderDashboard();
    await screen.findByTestId('overdue-row-1');
    await app.events.click(screen.getByRole('radio', { name: 'Details' }));
    const row = screen.getByTestId('overdue-row-1');
    expectTexts(row, ['2, 3', '₹1,000', '₹100.50']);
  });

  it('debounces the search by 300 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = renderDashboard();
    await screen.findByTestId('overdue-row-1');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'Ravi' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(overdueCalls(app.calls).some((call) => call.url.searchParams.get('search') === 'Ravi')).toBe(
      false,
    );
    await act(() => vi.advanceTimersByTimeAsync(150));
    await waitFor(() => expect(overdueCalls(app.calls).at(-1)?.url.searchParams.get('search')).toBe('Ravi'));
  });

  it("keeps a row button's keyboard focus when the search typed before it answers", async () => {
    const app = renderDashboard();
    await screen.findByTestId('overdue-row-1');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'LN0001' } });
    // Tab reaches the row's button before the search's pause is over.
    const details = screen.getByRole('button', { name: 'Details LN0001' });
    details.focus();
    await waitFor(() =>
      expect(overdueCalls(app.calls).at(-1)?.url.searchParams.get('search')).toBe('LN0001'),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Details LN0001' })).toBe(details));
    expect(details).toHaveFocus();
  });

  it('opens the overdue EMI details of a loan', async () => {
    const app = renderDashboard();
    await screen.findByTestId('overdue-row-1');
    await app.events.click(screen.getByRole('button', { name: 'Details LN0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Overdue EMI Details' });
    const table = within(dialog).getByTestId('overdue-emis-table');
    const bodyRows = within(table).getAllByRole('row').slice(1, -1);
    expect(bodyRows.map((row) => row.textContent)).toEqual([
      '211-11-2026bounced₹500₹100.50',
      '312-11-2026pending₹500₹0',
    ]);
    expect(dialog).toHaveTextContent('Total Due: ₹1,100.50');
    await app.events.click(within(dialog).getByRole('button', { name: 'Collect' }));
    expect(await screen.findByRole('dialog', { name: 'Collect Overdue Payment' })).toBeInTheDocument();
  });

  it('records a collection once with an Idempotency-Key and shows the receipt fallback', async () => {
    const gate: { release: () => void } = { release: () => {} };
    const posted: TMockCall[] = [];
    const app = renderDashboard({
      'POST /emis/pay-overdue': async (call) => {
        posted.push(call);
        await new Promise<void>((resolve) => {
          gate.release = resolve;
        });
        return {
          body: {
            message: 'Collected 2 overdue EMIs',
            total_collected: 1150.5,
            receipts: [makeReceipt({ emi_number: 2 }), makeReceipt({ emi_number: 3, amount_collected: 550 })],
          },
        };
      },
    });
    await screen.findByTestId('overdue-row-1');
    await app.events.click(screen.getByRole('button', { name: 'Collect LN0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Collect Overdue Payment' });
    expect(within(dialog).getByTestId('collect-figures')).toHaveTextContent('Total Due₹1,100.50');

    const lateCharges = within(dialog).getByRole('textbox', { name: /Late Charges/ });
    await app.events.type(lateCharges, '50');
    expect(within(dialog).getByTestId('collect-figures')).toHaveTextContent('Total to Collect₹1,150.50');

    const record = within(dialog).getByRole('button', { name: 'Record Collection' });
    fireEvent.click(record);
    fireEvent.click(record);
    await waitFor(() => expect(posted).toHaveLength(1));
    await waitFor(() => expect(record).toBeDisabled());
    gate.release();

    // The toast and the receipt dialog both say it.
    await waitFor(() => expect(screen.getAllByText('Collected 2 overdue EMIs')).toHaveLength(2));
    expect(posted).toHaveLength(1);
    const call = posted[0];
    // An agent's collection names the cash taken and the phone's time, as a queued one would.
    expect(JSON.parse(String(call?.init.body))).toEqual({
      loan_id: 1,
      payment_mode: 'cash',
      late_charge_amount: 50,
      expected_total: 1150.5,
      collected_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const headers = new Headers(call?.init.headers);
    expect(headers.get('Idempotency-Key')).toMatch(/\S{8,}/);

    const receipt = await screen.findByRole('dialog', { name: 'Payment Receipt' });
    expect(
      await within(receipt).findByText(
        'PDF receipt not available. Please contact support if this is unexpected.',
      ),
    ).toBeInTheDocument();
    expect(within(receipt).getByTestId('text-receipt')).toHaveTextContent('₹550');
    expect(app.calls.some((item) => item.path === '/emi/receipt/1/3/pdf')).toBe(true);
    // The list is read again after the collection.
    await waitFor(() => expect(overdueCalls(app.calls).length).toBeGreaterThan(1));
  });

  it('refuses a negative late charge typed by hand', async () => {
    const app = renderDashboard();
    await screen.findByTestId('overdue-row-2');
    await app.events.click(screen.getByRole('button', { name: 'Collect LN0002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Collect Overdue Payment' });
    const input = within(dialog).getByRole('textbox', { name: /Late Charges/ });
    await app.events.type(input, '-5');
    expect(input).toHaveValue('5');
  });

  it('renders only the rows in view and loads the next page within 5 rows of the end', async () => {
    const page = (number: number) =>
      Array.from({ length: number === 1 ? 1000 : 500 }, (_, index) => {
        const id = (number - 1) * 1000 + index + 1;
        return makeOverdueRow({ loan_id: id, loan_code: `LC${id}`, customer_name: `Customer ${id}` });
      });
    const app = renderDashboard({
      'GET /loans/dashboard/agent': (call) => ({
        body: {
          results: page(Number(call.url.searchParams.get('page'))),
          totalCount: 1500,
          overdueLoans: 1500,
          totalDue: 1500 * 120,
        },
      }),
    });
    await screen.findByTestId('overdue-row-1');
    const scroller = screen.getByTestId('overdue-scroller');
    expect(scroller).toHaveStyle({ height: '400px' });
    expect(screen.queryByTestId('overdue-row-100')).not.toBeInTheDocument();
    // The field agent's whole book (both pages) is read once to keep it on the phone for offline use;
    // the list itself shows only its first page so far.
    const pagesRead = () => overdueCalls(app.calls).map((call) => call.url.searchParams.get('page'));
    expect(pagesRead()).toEqual(['1', '2']);
    expect(screen.getByTestId('overdue-loaded')).toHaveTextContent('1000 of 1500 overdue EMIs loaded');

    // Row 993 is the last visible one: 6 rows after it, not yet.
    scroller.scrollTop = 994 * 60 - 400;
    fireEvent.scroll(scroller);
    expect(await screen.findByTestId('overdue-row-990')).toBeInTheDocument();
    expect(pagesRead()).toEqual(['1', '2']);

    // Row 994: within 5 rows of the end.
    scroller.scrollTop = 995 * 60 - 400;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(pagesRead()).toEqual(['1', '2', '2']));
    expect(await screen.findByTestId('overdue-loaded')).toHaveTextContent(
      '1500 loans · 1500 of 1500 overdue EMIs loaded',
    );
  });

  it("shows the server's totals over the whole book on the cards, not sums of the loaded page", async () => {
    renderDashboard({
      'GET /loans/dashboard/agent': {
        body: { results: rows, totalCount: 4321, overdueLoans: 1234, totalDue: 987654.5 },
      },
    });
    await screen.findByTestId('overdue-row-1');
    expect(screen.getByTestId('agent-card-Total Overdue')).toHaveTextContent('4321');
    expect(screen.getByTestId('agent-card-Total Overdue')).toHaveTextContent('1234 loans');
    expect(screen.getByTestId('agent-card-Total Due Amount')).toHaveTextContent('₹9,87,654.50');
    // 1234 ÷ (1234 + 10) = 99.2 %.
    expect(screen.getByTestId('agent-card-Success Rate')).toHaveTextContent('99.2%');
  });

  it('empties the list and toasts when the overdue EMIs cannot be fetched', async () => {
    renderDashboard({ 'GET /loans/dashboard/agent': { status: 500, body: { message: 'boom' } } });
    expect(await screen.findByText('Failed to fetch agent collections')).toBeInTheDocument();
    // The list redraws from a deferred copy, a moment after the toast.
    expect(await screen.findByText('No overdue EMIs found')).toBeInTheDocument();
    expect(screen.getByText('All EMIs are up to date!')).toBeInTheDocument();
  });

  it('shows compact rows on a phone', async () => {
    stubPhone();
    renderDashboard();
    const row = await screen.findByTestId('overdue-row-1');
    expect(row).toHaveTextContent('LN0001 · 2 EMIsSince 11-11-2026');
    expect(within(row).getByRole('button', { name: 'Collect LN0001' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Overdue EMIs' });
    expect(within(table).queryAllByRole('columnheader')).toHaveLength(0);
  });
});

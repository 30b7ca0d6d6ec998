import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { columnHeaders, expectTestIdTexts, expectTexts } from '../../../test/assertions';
import { captureDownloads, stubIntersection, stubPhone } from '../../../test/browser-stand-ins';
import { makeUser } from '../../../test/fixtures';
import { LOAN_CUSTOMERS, makeLoan, makeLoanPage } from '../../../test/loan-fixtures';
import type { TMockCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { loanActionsFor } from '../components/loan-row-actions';

const loans = [
  makeLoan({ id: 1, loan_number: 1, loan_code: 'LN0001', status: 'approved' }),
  makeLoan({
    id: 2,
    loan_number: 2,
    loan_code: 'LN0002',
    customer_name: 'Ravi Kumar',
    loan_amount: 50000,
    per_day_emi: 600,
    start_date: '2026-03-09',
    payment_method: null,
    status: 'pending_acceptance',
  }),
  makeLoan({ id: 3, loan_number: 3, loan_code: 'LN0003', status: 'closed' }),
];

const listAnswer = makeLoanPage(loans, {
  total: 45,
  totalPages: 3,
  totalAmount: 1234567.5,
  counts: { accepted: 7, pending: 11, completed: 4 },
});

const renderLoans = (
  list: (call: TMockCall) => { body: unknown; status?: number } = () => ({ body: listAnswer }),
) =>
  renderApp('/admin/loans', {
    user: makeUser('superadmin'),
    api: { 'GET /loans': list, 'GET /users': { body: { users: LOAN_CUSTOMERS } } },
  });

const lastListQuery = (calls: TMockCall[]) =>
  calls.filter((call) => call.path === '/loans').at(-1)?.url.searchParams;

describe('Loan Management list', { timeout: 30_000 }, () => {
  it('shows the title, buttons, five cards and formatted rows', async () => {
    const app = renderLoans();
    expect(await screen.findByRole('heading', { name: 'Loan Management' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Loan' })).toBeInTheDocument();
    await screen.findByText('LN0002');
    expectTestIdTexts({
      'loan-card-Total Loans': '45',
      'loan-card-Accepted Loans': '7',
      'loan-card-Pending': '11',
      'loan-card-Completed': '4',
      'loan-card-Total Amount': '₹12,34,568',
    });

    const headers = columnHeaders(screen.getByTestId('loans-table'));
    expect(headers).toEqual([
      'Loan #',
      'Customer',
      'Amount',
      'Daily EMI',
      'Start Date',
      'Payment Method',
      'Status',
      'Actions',
    ]);
    const row = screen.getByTestId('loan-row-2');
    expectTexts(row, ['#2', 'Ravi Kumar', '₹50,000', '₹600', '09-03-2026', 'Pending']);
    expect(screen.getByTestId('loan-row-1')).toHaveTextContent('₹1,23,456');
    expect(screen.getByTestId('loans-page-info')).toHaveTextContent('Page 1 of 3 · More pages available');
    expect(screen.getByText('20 records per page · 45 loans')).toBeInTheDocument();

    const query = lastListQuery(app.calls);
    expect(query?.get('page')).toBe('1');
    expect(query?.get('limit')).toBe('20');
    expect(query?.get('sort_by')).toBe('loan_number');
    expect(query?.get('sort_direction')).toBe('asc');
  });

  it('shows the empty state', async () => {
    renderLoans(() => ({ body: makeLoanPage([]) }));
    expect(
      await screen.findByText('No loans found. Try adjusting your filters or search terms'),
    ).toBeInTheDocument();
  });

  it('toasts when the list fails', async () => {
    renderLoans(() => ({ status: 500, body: { message: 'boom' } }));
    expect(await screen.findByText('Failed to fetch loans')).toBeInTheDocument();
  });

  it('sends the filters as query parameters and shows removable chips', async () => {
    const app = renderLoans();
    await screen.findByText('LN0002');

    await app.events.click(screen.getByRole('combobox', { name: 'Status' }));
    await app.events.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(lastListQuery(app.calls)?.get('status')).toBe('pending_acceptance'));
    expect(screen.getByText('Status: Pending')).toBeInTheDocument();

    await app.events.click(screen.getByRole('combobox', { name: 'Customer' }));
    expect(await screen.findByRole('option', { name: 'All Customers (2)' })).toBeInTheDocument();
    await app.events.click(screen.getByRole('option', { name: 'Ravi Kumar (9876500002)' }));
    await waitFor(() => expect(lastListQuery(app.calls)?.get('customer_id')).toBe('41'));

    fireEvent.change(screen.getByRole('textbox', { name: 'From Date' }), { target: { value: '01/11/2026' } });
    await waitFor(() => expect(lastListQuery(app.calls)?.get('start_date')).toBe('2026-11-01'));
    expect(screen.getByText('From: 01/11/2026')).toBeInTheDocument();

    await app.events.type(screen.getByRole('textbox', { name: 'Search' }), 'LN0002');
    await waitFor(() => expect(lastListQuery(app.calls)?.get('search')).toBe('LN0002'));
    expect(lastListQuery(app.calls)?.get('page')).toBe('1');

    await app.events.click(screen.getByRole('button', { name: 'Remove Status: Pending' }));
    await waitFor(() => expect(lastListQuery(app.calls)?.has('status')).toBe(false));

    await app.events.click(screen.getByRole('button', { name: 'Clear Filters' }));
    // The unfiltered first page is still cached: the chips and inputs empty out.
    await waitFor(() => expect(screen.getByTestId('loan-filter-chips')).toBeEmptyDOMElement());
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveValue('All Customers (2)');
  });

  it('debounces the search by 500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = renderLoans();
    await screen.findByText('LN0002');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'Ravi' } });
    await vi.advanceTimersByTimeAsync(300);
    expect(app.calls.some((call) => call.url.searchParams.get('search') === 'Ravi')).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    await waitFor(() => expect(lastListQuery(app.calls)?.get('search')).toBe('Ravi'));
  });

  it('toggles the sort direction and switches columns', async () => {
    const app = renderLoans();
    await screen.findByText('LN0002');
    const header = (name: string) => screen.getByRole('button', { name });
    expect(screen.getByRole('columnheader', { name: 'Loan #' })).toHaveAttribute('aria-sort', 'ascending');

    await app.events.click(header('Loan #'));
    await waitFor(() => expect(lastListQuery(app.calls)?.get('sort_direction')).toBe('desc'));
    expect(lastListQuery(app.calls)?.get('sort_by')).toBe('loan_number');

    await app.events.click(header('Amount'));
    await waitFor(() => expect(lastListQuery(app.calls)?.get('sort_by')).toBe('loan_amount'));
    expect(lastListQuery(app.calls)?.get('sort_direction')).toBe('asc');
    await app.events.click(header('Amount'));
    await waitFor(() => expect(lastListQuery(app.calls)?.get('sort_direction')).toBe('desc'));

    for (const [name, field] of [
      ['Customer', 'customer_name'],
      ['Daily EMI', 'per_day_emi'],
      ['Start Date', 'start_date'],
    ] as const) {
      await app.events.click(header(name));
      await waitFor(() => expect(lastListQuery(app.calls)?.get('sort_by')).toBe(field));
    }
    expect(screen.queryByRole('button', { name: 'Payment Method' })).not.toBeInTheDocument();
  });

  it('moves between pages with the pager', async () => {
    const app = renderLoans();
    await screen.findByText('LN0002');
    await app.events.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastListQuery(app.calls)?.get('page')).toBe('3'));
    await app.events.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(lastListQuery(app.calls)?.get('page')).toBe('2'));
  });

  it('appends the next page when the end of the list scrolls into view', async () => {
    const seen = stubIntersection();
    const pageOf = (page: number) =>
      makeLoanPage([makeLoan({ id: 100 + page, loan_number: 100 + page, loan_code: `LP${page}` })], {
        total: 45,
        totalPages: 3,
      });
    const app = renderLoans((call) => ({ body: pageOf(Number(call.url.searchParams.get('page'))) }));
    await screen.findByText('LP1');
    await waitFor(() => expect(seen.reach).not.toBeNull());
    seen.reach?.();
    expect(await screen.findByText('LP2')).toBeInTheDocument();
    expect(screen.getByText('LP1')).toBeInTheDocument();
    expect(screen.getByTestId('loans-page-info')).toHaveTextContent('Page 2 of 3 · More pages available');

    await app.events.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(screen.queryByText('LP2')).not.toBeInTheDocument());
    expect(screen.getByTestId('loans-page-info')).toHaveTextContent('Page 1 of 3');
  });

  it('offers row actions by status', async () => {
    renderLoans();
    await screen.findByText('LN0002');
    const actions = (id: number) =>
      within(screen.getByTestId(`loan-row-${id}`))
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')?.replace(/ LN\d+$/, ''));
    expect(actions(1)).toEqual(['View loan details', 'Edit loan', 'Foreclose loan']);
    expect(actions(2)).toEqual(['Edit loan']);
    expect(actions(3)).toEqual(['View loan details', 'Foreclosure details', 'Edit loan']);
  });

  it('shows cards with a sort control on a phone', async () => {
    stubPhone();
    const app = renderLoans();
    const card = await screen.findByTestId('loan-card-row-2');
    expect(screen.queryByTestId('loans-table')).not.toBeInTheDocument();
    expectTexts(card, ['#2 · LN0002', '₹50,000', '09-03-2026']);
    expect(within(card).getByRole('button', { name: 'Edit loan LN0002' })).toBeInTheDocument();
    await app.events.click(screen.getByRole('button', { name: 'Sorted ascending' }));
    await waitFor(() => expect(lastListQuery(app.calls)?.get('sort_direction')).toBe('desc'));
  });

  it('offers edit and foreclose to admins only', () => {
    expect(loanActionsFor({ status: 'approved' }, false)).toEqual(['details']);
    expect(loanActionsFor({ status: 'default' }, false)).toEqual(['details', 'foreclosure-details']);
    expect(loanActionsFor({ status: 'accepted' }, false)).toEqual([]);
    expect(loanActionsFor({ status: 'approved' }, true)).toEqual(['details', 'edit', 'foreclose']);
  });

  it('exports the filtered list as CSV under the server file name', async () => {
    const app = renderLoans();
    await screen.findByText('LN0002');
    const fetchMock = app.fetchMock;
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/loans/export') {
        app.calls.push({ method: 'GET', path: '/loans/export', url, init: init ?? {} });
        return new Response('loan_number\n1\n', {
          headers: { 'content-disposition': 'attachment; filename="loans_2026.csv"' },
        });
      }
      return original ? original(input, init) : new Response('');
    });
    const { names } = captureDownloads('blob:loans');

    await app.events.click(screen.getByRole('button', { name: 'Export' }));
    await app.events.click(await screen.findByRole('menuitem', { name: 'Export as CSV' }));
    expect(await screen.findByText('Loans exported successfully')).toBeInTheDocument();
    const exportCall = app.calls.find((call) => call.path === '/loans/export');
    expect(exportCall?.url.searchParams.get('export_type')).toBe('csv');
    expect(exportCall?.url.searchParams.get('sort_by')).toBe('loan_number');
    expect(names).toEqual(['loans_2026.csv']);
  });
});

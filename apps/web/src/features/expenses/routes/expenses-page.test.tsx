import { addDays, EXPENSE_FILTER_DEBOUNCE_MS, formatDdMmYyyy, type TExpense } from '@lending/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { istToday } from '../../../lib/business-today';
import { expectTestIdTexts, expectTexts } from '../../../test/assertions';
import { stubIntersection } from '../../../test/browser-stand-ins';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const picker = (iso: string) => formatDdMmYyyy(iso).replace(/-/g, '/');

const expense = (overrides: Partial<TExpense> = {}): TExpense => ({
  id: 1,
  expense_name: 'Fuel',
  reason: 'Bike to Nashik',
  amount_paid: 250.5,
  // 14:15:09 IST on 21 November 2026.
  created_at: '2026-11-21T08:45:09.000Z',
  userId: 30,
  user_name: 'Arun Agent',
  ...overrides,
});

const answer = (expenses: TExpense[], totalExpenses = expenses.length, totalPages = 1) => ({
  body: {
    expenses,
    page: 1,
    totalPages,
    totalExpenses,
    totalAmount: 123456,
    thisMonthAmount: 2000.5,
    averageAmount: 617.28,
  },
});

type THandler = (call: TMockCall) => TMockReply | Promise<TMockReply>;
const renderExpenses = (role: 'admin' | 'agent', overrides: Record<string, THandler | TMockReply> = {}) =>
  renderApp(role === 'admin' ? '/admin/expenses' : '/agent/expenses', {
    user: makeUser(role),
    api: {
      'GET /expenses': answer([expense(), expense({ id: 2, expense_name: 'Tea', user_name: null })]),
      'GET /expenses/agents': {
        body: { users: [{ id: 30, name: 'Arun Agent', role: 'agent' }] },
      },
      ...overrides,
    },
  });

const listCalls = (calls: TMockCall[]) =>
  calls.filter((call) => call.path === '/expenses' && call.method === 'GET');
const lastQuery = (calls: TMockCall[]) => listCalls(calls).at(-1)?.url.searchParams;

describe('Expense Management', { timeout: 30_000 }, () => {
  it('shows the cards, the rows with IST moments and the footer', async () => {
    const app = renderExpenses('admin');
    const row = await screen.findByTestId('expense-row-1');
    expectTexts(row, ['Fuel', 'Bike to Nashik', '₹250.50', 'Arun Agent', '02:15:09 PM, 21-Nov-2026']);
    expectTestIdTexts({
      'expense-row-2': '-',
      'expense-card-Total Expenses': '2',
      'expense-card-Total Amount': '₹1,23,456',
      'expense-card-This Month': '₹2,001',
      'expense-card-Average Amount': '₹617',
      'expenses-showing': 'Showing 1 to 2 of 2 expenses',
    });
    expect(lastQuery(app.calls)?.get('limit')).toBe('20');
  });

  it('gives staff the user filter with chips and Reset Filters', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = renderExpenses('admin');
    await screen.findByTestId('expense-row-1');
    const select = screen.getByRole('combobox', { name: 'Filter by User' });
    expect(select).toHaveValue('All Users');
    await app.events.click(select);
    await app.events.click(await screen.findByRole('option', { name: 'Arun Agent' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: ' fuel ' } });
    await act(() => vi.advanceTimersByTimeAsync(EXPENSE_FILTER_DEBOUNCE_MS + 50));
    await waitFor(() => expect(lastQuery(app.calls)?.get('userId')).toBe('30'));
    expect(lastQuery(app.calls)?.get('search')).toBe('fuel');
    const chips = screen.getByTestId('expense-filter-chips');
    expect(chips).toHaveTextContent('User: Arun Agent');
    expect(chips).toHaveTextContent('Search: fuel');

    await app.events.click(screen.getByRole('button', { name: 'Remove User: Arun Agent' }));
    await act(() => vi.advanceTimersByTimeAsync(EXPENSE_FILTER_DEBOUNCE_MS + 50));
    await waitFor(() => expect(lastQuery(app.calls)?.has('userId')).toBe(false));
    await app.events.click(screen.getByRole('button', { name: 'Reset Filters' }));
    await act(() => vi.advanceTimersByTimeAsync(EXPENSE_FILTER_DEBOUNCE_MS + 50));
    expect(screen.getByTestId('expense-filter-chips')).toBeEmptyDOMElement();
  });

  it('gives an agent the My Expenses panel only, and refuses a future date', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = renderExpenses('agent');
    await screen.findByTestId('expense-row-1');
    expect(screen.getByTestId('my-expenses-panel')).toHaveTextContent('My Expenses');
    expect(screen.queryByRole('combobox', { name: 'Filter by User' })).toBeNull();
    expect(app.calls.some((call) => call.path === '/expenses/agents')).toBe(false);

    const tomorrow = addDays(istToday(), 1);
    fireEvent.change(screen.getByRole('textbox', { name: 'End Date' }), {
      target: { value: picker(tomorrow) },
    });
    expect(await screen.findByText('Dates cannot be in the future')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(EXPENSE_FILTER_DEBOUNCE_MS + 100));
    expect(listCalls(app.calls).some((call) => call.url.searchParams.get('endDate') === tomorrow)).toBe(
      false,
    );
  });

  it('adds an expense: all fields required, busy text, then the success toast', async () => {
    let release: () => void = () => undefined;
    const posted: unknown[] = [];
    const app = renderExpenses('agent', {
      'POST /expenses': async (call) => {
        posted.push(JSON.parse(String(call.init.body)));
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { status: 201, body: { message: 'Expense added successfully', expense: expense({ id: 3 }) } };
      },
    });
    await screen.findByTestId('expense-row-1');
    await app.events.click(screen.getByRole('button', { name: 'Add Expense' }));
    const dialog = await screen.findByRole('dialog');
    await app.events.type(within(dialog).getByRole('textbox', { name: 'Expense Name' }), '  Fuel ');
    await app.events.click(within(dialog).getByRole('button', { name: 'Add Expense' }));
    expect(await within(dialog).findByText('All fields are required')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await app.events.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Bike');
    await app.events.type(within(dialog).getByRole('textbox', { name: 'Amount' }), '250.50');
    await app.events.click(within(dialog).getByRole('button', { name: 'Add Expense' }));
    expect(await within(dialog).findByRole('button', { name: 'Adding...' })).toBeDisabled();
    expect(posted).toEqual([{ expense_name: 'Fuel', reason: 'Bike', amount_paid: 250.5 }]);
    release();
    expect(await screen.findByText('Expense added successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits with Update Expense and shows the server message on failure', async () => {
    const app = renderExpenses('admin', {
      'PUT /expenses/1': { status: 404, body: { code: 'NOT_FOUND', message: 'Expense not found' } },
    });
    await app.events.click(await screen.findByRole('button', { name: 'Edit Fuel' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Amount' })).toHaveValue('250.5');
    await app.events.click(within(dialog).getByRole('button', { name: 'Update Expense' }));
    expect(await screen.findByText('Expense not found')).toBeInTheDocument();
  });

  it('asks before deleting', async () => {
    let deleted = 0;
    const app = renderExpenses('admin', {
      'DELETE /expenses/1': () => {
        deleted += 1;
        return { body: { message: 'Expense deleted successfully' } };
      },
    });
    await app.events.click(await screen.findByRole('button', { name: 'Delete Fuel' }));
    expect(await screen.findByText('Are you sure you want to delete this expense?')).toBeInTheDocument();
    await app.events.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBe(0);
    await app.events.click(screen.getByRole('button', { name: 'Delete Fuel' }));
    await app.events.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Expense deleted successfully')).toBeInTheDocument();
    expect(deleted).toBe(1);
  });

  it('appends the next page on scroll, pages with the pager, and says when nothing matches', async () => {
    const seen = stubIntersection();
    const app = renderExpenses('admin', {
      'GET /expenses': (call) => {
        const page = Number(call.url.searchParams.get('page'));
        return answer([expense({ id: 100 + page, expense_name: `Item ${page}` })], 45, 3);
      },
    });
    await screen.findByTestId('expense-row-101');
    await waitFor(() => expect(seen.reach).not.toBeNull());
    seen.reach?.();
    expect(await screen.findByTestId('expense-row-102')).toBeInTheDocument();
    await app.events.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByTestId('expense-row-103')).toBeInTheDocument();
    expect(screen.getByTestId('expenses-showing')).toHaveTextContent('Showing 41 to 41 of 45 expenses');
  });

  it('toasts a failed load and shows the empty state', async () => {
    renderExpenses('admin', { 'GET /expenses': { status: 500, body: {} } });
    expect(await screen.findByText('Failed to fetch expenses')).toBeInTheDocument();
    expect(screen.getByText('No expenses found')).toBeInTheDocument();
  });
});

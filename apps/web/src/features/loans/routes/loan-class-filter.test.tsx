import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, lastParams } from '../../../test/calls';
import { makeUser } from '../../../test/fixtures';
import { LOAN_CUSTOMERS, makeLoan, makeLoanPage } from '../../../test/loan-fixtures';
import { renderApp } from '../../../test/render-app';

const renderLoans = (path = '/admin/loans') =>
  renderApp(path, {
    user: makeUser('admin'),
    api: {
      'GET /loans': { body: makeLoanPage([makeLoan()]) },
      'GET /users': { body: { users: LOAN_CUSTOMERS } },
      'GET /loans/export': { body: 'Loan #\r\n' },
    },
  });

describe("Loan Management's class filter", { timeout: 30_000 }, () => {
  it('sends the class chosen as loan_class, shows it as a chip, and All drops it', async () => {
    const app = renderLoans();
    await screen.findByText('LN0001');
    expect(lastParams(app.calls, '/loans', 'loan_class')).toEqual({ loan_class: null });
    const select = screen.getByRole('combobox', { name: 'Class' });
    expect(select).toHaveValue('All');
    await app.events.click(select);
    for (const name of ['All', 'Standard', 'SMA-0', 'SMA-1', 'SMA-2', 'NPA'])
      expect(await screen.findByRole('option', { name })).toBeInTheDocument();
    await app.events.click(screen.getByRole('option', { name: 'SMA-2' }));
    await waitFor(() =>
      expect(lastParams(app.calls, '/loans', 'loan_class', 'page')).toEqual({
        loan_class: 'sma2',
        page: '1',
      }),
    );
    expect(screen.getByTestId('loan-filter-chips')).toHaveTextContent('Class: SMA-2');

    await app.events.click(select);
    await app.events.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(screen.getByTestId('loan-filter-chips')).not.toHaveTextContent('Class'));
    expect(select).toHaveValue('All');
  });

  it('opens filtered by a class its address names, and ignores one it does not know', async () => {
    const app = renderLoans('/admin/loans?loan_class=npa');
    await screen.findByText('LN0001');
    expect(lastParams(app.calls, '/loans', 'loan_class')).toEqual({ loan_class: 'npa' });
    expect(screen.getByRole('combobox', { name: 'Class' })).toHaveValue('NPA');
    app.unmount();

    const other = renderLoans('/admin/loans?loan_class=doubtful');
    await screen.findByText('LN0001');
    expect(callsTo(other.calls, '/loans').every((call) => !call.url.searchParams.has('loan_class'))).toBe(
      true,
    );
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NOT_AVAILABLE_OFFLINE } from '../../../components/offline-notice';
import { makeUser } from '../../../test/fixtures';
import { LOAN_CUSTOMERS, makeLoan, makeLoanPage } from '../../../test/loan-fixtures';
import { renderApp } from '../../../test/render-app';
import { LOANS_EMPTY_MESSAGE } from '../components/loans-table';
import { AGENT_LOANS_SUBTITLE, LOANS_FETCH_FAILED } from './loans-page';

const loans = [
  makeLoan({ id: 7, loan_number: 7, loan_code: 'LN0007', customer_name: 'Sunita Devi' }),
  makeLoan({ id: 8, loan_number: 8, loan_code: 'LN0008', customer_name: 'Ravi Kumar' }),
];

const renderAgentLoans = () =>
  renderApp('/agent/my-loans', {
    user: makeUser('agent'),
    api: {
      'GET /loans': { body: makeLoanPage(loans, { total: 45, totalPages: 3 }) },
      'GET /users': { body: { users: LOAN_CUSTOMERS } },
    },
  });

describe("the agent's My Loans (/agent/my-loans)", { timeout: 30_000 }, () => {
  it("lists the agent's customers' loans from GET /loans, paged, inside the agent area", async () => {
    const app = renderAgentLoans();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Loans' })).toBeInTheDocument();
    expect(screen.getByText(AGENT_LOANS_SUBTITLE)).toBeInTheDocument();
    expect(screen.getByTestId('agent-shell')).toBeInTheDocument();
    expect(await screen.findByTestId('loan-row-7')).toHaveTextContent('Sunita Devi');
    expect(screen.getByTestId('loan-row-8')).toHaveTextContent('Ravi Kumar');
    const list = app.calls.find((call) => call.path === '/loans');
    expect(list?.url.searchParams.get('page')).toBe('1');
    expect(list?.url.searchParams.get('limit')).toBe('20');
    expect(app.calls.some((call) => call.path === '/loans/my')).toBe(false);
    expect(app.pathname()).toBe('/agent/my-loans');
  });

  it('offers no Add Loan and no admin row actions', async () => {
    renderAgentLoans();
    const row = await screen.findByTestId('loan-row-7');
    expect(screen.queryByRole('button', { name: 'Add Loan' })).toBeNull();
    expect(within(row).queryByRole('button', { name: /edit/i })).toBeNull();
  });
});

describe("the agent's My Loans without a connection", { timeout: 30_000 }, () => {
  it('says it opens when the connection is back: no error toasts, no zeros, no "No loans found"', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const noNetwork = () => {
      throw new TypeError('Failed to fetch');
    };
    renderApp('/agent/my-loans', {
      user: makeUser('agent'),
      api: { 'GET /loans': noNetwork, 'GET /users': noNetwork },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Loans' })).toBeInTheDocument();
    expect(await screen.findByText(NOT_AVAILABLE_OFFLINE)).toBeInTheDocument();
    expect(screen.queryByText(LOANS_EMPTY_MESSAGE)).toBeNull();
    expect(screen.queryByText(LOANS_FETCH_FAILED)).toBeNull();
    expect(screen.queryByText('Total Loans')).toBeNull();
  });
});

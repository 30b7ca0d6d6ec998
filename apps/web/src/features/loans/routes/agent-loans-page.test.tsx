import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { LOAN_CUSTOMERS, makeLoan, makeLoanPage } from '../../../test/loan-fixtures';
import { renderApp } from '../../../test/render-app';
import { AGENT_LOANS_SUBTITLE } from './loans-page';

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

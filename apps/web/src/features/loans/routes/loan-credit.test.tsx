import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../app/query-client';
import {
  APPROVED_LOAN,
  makeEmi,
  makeForeclosureDetails,
  makeLoan,
  makeLoanDetail,
} from '../../../test/loan-fixtures';
import { renderLoansPage } from '../../../test/render-loans';
import { LoanCreditSection } from '../components/loan-credit-section';

const SOURCE = { business_date: '2026-11-21', at: '2026-11-21T05:00:00.000Z', by_name: 'Anita Admin' };
const closed = makeLoan({ id: 3, loan_number: 3, loan_code: 'LN0003', status: 'closed' });

const renderLoans = (extra: Parameters<typeof renderLoansPage>[1] = {}) =>
  renderLoansPage([APPROVED_LOAN, closed], {
    'GET /loans/3/foreclosure': { body: makeForeclosureDetails({ loan_id: 3, status: 'closed' }) },
    'GET /loans/1': {
      body: makeLoanDetail({
        ...APPROVED_LOAN,
        credit_held: 360,
        credit_source: SOURCE,
        emis: [makeEmi(1)],
      }),
    },
    'GET /loans/3': {
      body: makeLoanDetail({ ...closed, credit_held: 140, refund_due: 140, credit_source: SOURCE }),
    },
    ...extra,
  });

const openDetails = async (app: ReturnType<typeof renderLoans>, code: string) => {
  await screen.findByText(code);
  await app.events.click(screen.getByRole('button', { name: `View loan details ${code}` }));
  return within(await screen.findByRole('dialog', { name: `Loan Details — ${code}` }));
};

describe('Loan Details: credit held', { timeout: 30_000 }, () => {
  it('shows the credit held with the rewrite that created it; Apply credit asks first, then posts once', async () => {
    const app = renderLoans({
      'POST /loans/1/apply-credit': () => ({
        body: { message: 'Credit of ₹300.00 applied to 2 EMIs', applied: 300, credit_held: 60, emis: [] },
      }),
    });
    const modal = await openDetails(app, 'LN0001');
    const credit = await modal.findByTestId('loan-credit');
    expect(credit).toHaveTextContent('Credit held ₹360.00');
    expect(credit).toHaveTextContent('From the schedule rewrite on 21-11-2026 by Anita Admin');
    await app.events.click(within(credit).getByRole('button', { name: 'Apply credit' }));
    expect(app.calls.some((call) => call.method === 'POST')).toBe(false);
    expect(within(credit).getByTestId('apply-credit-confirm')).toHaveTextContent(
      'Apply ₹360.00 of credit held to the open EMIs, oldest first (whole EMIs only)?',
    );
    await app.events.click(within(credit).getByRole('button', { name: 'Confirm apply credit' }));
    expect(await screen.findByText('Credit of ₹300.00 applied to 2 EMIs')).toBeInTheDocument();
    const posts = app.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(new Headers(posts[0]?.init.headers).get('Idempotency-Key')).toMatch(/\S{8,}/);
  });

  it('a closed loan with credit left shows Refund due and records a refund', async () => {
    const app = renderLoans({
      'POST /loans/3/refund': () => ({
        body: { message: 'Refund of ₹140.00 recorded', refunded: 140, credit_held: 0 },
      }),
    });
    const modal = await openDetails(app, 'LN0003');
    const credit = await modal.findByTestId('loan-credit');
    expect(credit).toHaveTextContent('Refund due ₹140.00');
    expect(within(credit).queryByRole('button', { name: 'Apply credit' })).not.toBeInTheDocument();
    await app.events.click(within(credit).getByRole('button', { name: 'Record refund' }));
    const form = within(credit).getByTestId('record-refund-form');
    const amount = within(form).getByRole('textbox', { name: 'Refund Amount (₹)' });
    await app.events.clear(amount);
    await app.events.type(amount, '150');
    expect(within(form).getByRole('button', { name: 'Save refund' })).toBeDisabled();
    await app.events.clear(amount);
    await app.events.type(amount, '140');
    await app.events.type(within(form).getByRole('textbox', { name: 'Refund Notes' }), 'Paid back');
    await app.events.click(within(form).getByRole('button', { name: 'Save refund' }));
    expect(await screen.findByText('Refund of ₹140.00 recorded')).toBeInTheDocument();
    const post = app.calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/loans/3/refund');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      amount: 140,
      payment_mode: 'cash',
      notes: 'Paid back',
    });
  });

  it('shows the credit held without actions to whoever is not an admin', () => {
    const loan = makeLoanDetail({ ...APPROVED_LOAN, credit_held: 360, credit_source: SOURCE });
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <LoanCreditSection loan={loan} isAdmin={false} />
      </AppProviders>,
    );
    expect(screen.getByTestId('loan-credit')).toHaveTextContent('Credit held ₹360.00');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing about credit when the loan holds none', async () => {
    const app = renderLoans({ 'GET /loans/1': { body: makeLoanDetail(APPROVED_LOAN) } });
    const modal = await openDetails(app, 'LN0001');
    await modal.findByTestId('loan-summary-cards');
    await waitFor(() => expect(modal.queryByTestId('loan-credit')).not.toBeInTheDocument());
  });
});

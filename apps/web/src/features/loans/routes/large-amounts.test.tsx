import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCollectionRecord, makeCollectionReport } from '../../../test/field-fixtures';
import { makeUser } from '../../../test/fixtures';
import { LOAN_CUSTOMERS, makeForeclosureDetails, makeLoan, makeLoanPage } from '../../../test/loan-fixtures';
import { renderApp } from '../../../test/render-app';

/** ₹9,99,99,999.99: paise above ₹5,24,288, where a float product used to break the conversion. */
const LARGE = 99999999.99;

describe('amounts of ₹9,99,99,999.99 on screen', { timeout: 30_000 }, () => {
  it('Agent Collections totals them to the paisa', async () => {
    const records = [
      makeCollectionRecord({ amount: LARGE }),
      makeCollectionRecord({ amount: LARGE, customer: { id: 41, name: 'Ravi Kumar', mobile: '9876500002' } }),
      makeCollectionRecord({
        status: 'bounced',
        paid_at: null,
        bounced_at: '2026-11-21T06:00:00.000Z',
        amount: LARGE,
      }),
    ];
    const report = makeCollectionReport(records, {
      grandTotalPaidAmount: 999999999.99,
      grandTotalBouncedAmount: LARGE,
      grandTotalBouncedCount: 1,
      dailySummary: [
        {
          date: '2026-11-21',
          agent: { id: 30, name: 'Ramesh Agent', mobile: '9000000030' },
          totalCollected: 199999999.98,
          totalBounced: LARGE,
          emisCollected: 2,
          emisBounced: 1,
        },
      ],
    });
    renderApp('/admin/loans/agent-collections', {
      user: makeUser('admin'),
      api: {
        'GET /loans/agent/collection-report': { body: report },
        'GET /users': { body: { users: [], total: 0, totalPages: 1 } },
      },
    });
    await screen.findAllByTestId('collection-row');
    expect(screen.getByTestId('collections-card-All Collected')).toHaveTextContent('₹99,99,99,999.99');
    expect(screen.getByTestId('collections-card-All Bounced')).toHaveTextContent('₹9,99,99,999.99');
    // This page: two collections of ₹9,99,99,999.99 and one bounce of it.
    expect(screen.getByTestId('collections-card-Total Collected')).toHaveTextContent('₹19,99,99,999.98');
    expect(screen.getByTestId('collections-card-Total Bounced')).toHaveTextContent('₹9,99,99,999.99');
    expect(screen.getByTestId('daily-summary')).toHaveTextContent('₹19,99,99,999.98');
    expect(screen.getAllByTestId('collection-row')[0]).toHaveTextContent('₹9,99,99,999.99');
  });

  it('the Foreclose modal shows them and caps Full and Final at 1.5 times, to the paisa', async () => {
    const app = renderApp('/admin/loans', {
      user: makeUser('superadmin'),
      api: {
        'GET /loans': { body: makeLoanPage([makeLoan({ id: 1, loan_code: 'LN0001', status: 'approved' })]) },
        'GET /users': { body: { users: LOAN_CUSTOMERS } },
        'GET /loans/1/foreclosure': {
          body: makeForeclosureDetails({
            totalEmiAmount: 99999000,
            totalLateCharges: 999.99,
            totalPendingAmount: LARGE,
          }),
        },
      },
    });
    await screen.findByText('LN0001');
    await app.events.click(screen.getByRole('button', { name: 'Foreclose loan LN0001' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Foreclose Loan — LN0001' }));
    expect(await modal.findByTestId('foreclosure-figures')).toHaveTextContent('₹9,99,99,999.99');
    await app.events.click(modal.getByRole('combobox', { name: 'Foreclosure Type' }));
    await app.events.click(await screen.findByRole('option', { name: /Full and Final/ }));
    expect(modal.getByRole('textbox', { name: 'Settlement Amount (₹)' })).toHaveValue('99999999.99');
    // 1.5 × ₹9,99,99,999.99 = ₹14,99,99,999.985, rounded down to a whole paisa.
    expect(modal.getByText(/Maximum: ₹14,99,99,999.98/)).toBeInTheDocument();
    const amount = modal.getByRole('textbox', { name: 'Settlement Amount (₹)' });
    await app.events.clear(amount);
    await app.events.type(amount, '149999999.99');
    await app.events.click(modal.getByRole('combobox', { name: 'Reason' }));
    await app.events.click(await screen.findByRole('option', { name: 'Relocation' }));
    await app.events.click(modal.getByRole('button', { name: 'Foreclose Loan' }));
    expect(await modal.findByText('Amount cannot exceed ₹14,99,99,999.98')).toBeInTheDocument();
  });
});

import { addDays } from '@lending/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { istToday } from '../../../lib/business-today';
import { columnHeaders, expectTexts } from '../../../test/assertions';
import { captureDownloads } from '../../../test/browser-stand-ins';
import { makeMyLoan } from '../../../test/field-fixtures';
import { makeUser } from '../../../test/fixtures';
import { makeEmi } from '../../../test/loan-fixtures';
import type { TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const today = istToday();

const loans = [
  makeMyLoan({
    id: 11,
    loan_code: 'LN0011',
    loan_amount: 50000,
    total_emi_days: 100,
    start_date: '2026-11-01',
    end_date: '2027-02-08',
    next_emi_date: today,
  }),
  makeMyLoan({ id: 12, loan_code: 'LN0012', next_emi_date: addDays(today, 1) }),
  makeMyLoan({ id: 13, loan_code: 'LN0013', next_emi_date: addDays(today, 5), status: 'pending_acceptance' }),
  makeMyLoan({ id: 14, loan_code: 'LN0014', next_emi_date: null, status: 'closed' }),
];

const detail = {
  loan: loans[0],
  emis: [
    makeEmi(1, { status: 'paid', paid_at: '2026-11-01T05:00:00.000Z', emi_date: '2026-11-01' }),
    makeEmi(2, {
      status: 'bounced',
      emi_date: '2026-11-02',
      bounced_at: '2026-11-02T06:00:00.000Z',
      bounced_reason: 'Insufficient funds',
    }),
    makeEmi(3, { status: 'pending', emi_date: '2026-11-03' }),
  ],
};

const renderMyLoans = (api: Record<string, TMockReply> = {}) =>
  renderApp('/my-loans', {
    user: makeUser('user'),
    api: { 'GET /loans/my': { body: loans }, 'GET /loans/my/11': { body: detail }, ...api },
  });

describe('My Loans', { timeout: 30_000 }, () => {
  it('lists the loans with Next EMI In as Today, Tomorrow, N days or N/A', async () => {
    renderMyLoans();
    const first = await screen.findByTestId('my-loan-11');
    expect(columnHeaders(screen.getByTestId('my-loans-table'))).toEqual([
      'ID',
      'Amount',
      'Tenure (Days)',
      'Start',
      'End',
      'Next EMI In',
      'Status',
      'Details',
    ]);
    const cells = within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 7)).toEqual([
      '11LN0011',
      '₹50,000',
      '100',
      '01-11-2026',
      '08-02-2027',
      'Today',
      'Approved',
    ]);
    expect(screen.getByTestId('my-loan-12')).toHaveTextContent('Tomorrow');
    expect(screen.getByTestId('my-loan-13')).toHaveTextContent('5 days');
    expect(screen.getByTestId('my-loan-13')).toHaveTextContent('Pending');
    expect(screen.getByTestId('my-loan-14')).toHaveTextContent('N/A');
  });

  it('opens the details with the EMI schedule and its badges', async () => {
    const app = renderMyLoans();
    await screen.findByTestId('my-loan-11');
    await app.events.click(screen.getByRole('button', { name: 'Details LN0011' }));
    const dialog = await screen.findByRole('dialog', { name: 'Loan Details' });
    const summary = await within(dialog).findByTestId('my-loan-summary');
    expectTexts(summary, [
      'Loan ID11',
      'Loan CodeLN0011',
      'Amount₹50,000',
      'Tenure100 days',
      'Per Day EMI₹1,500',
    ]);
    const rows = within(dialog).getAllByTestId('my-emi-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '101-11-2026₹1,500paid01-11-2026-',
      '202-11-2026₹1,500bounced02-11-2026Insufficient funds',
      '303-11-2026₹1,500pending--',
    ]);
    expect(app.calls.some((call) => call.path === '/loans/my/11')).toBe(true);
  });

  it('lets the borrower download the receipt PDF of each of their payments', async () => {
    const downloads = captureDownloads();
    const payment = {
      payment_id: 5,
      emi_number: 1,
      emi_replaced: false,
      payment_date: '2026-11-01',
      business_date: '2026-11-01',
      paid_at: '2026-11-01T05:00:00.000Z',
      payment_type: 'full',
      payment_mode: 'cash',
      amount_collected: 1500,
      collected_by: 'Ravi Agent',
    };
    const app = renderMyLoans({
      'GET /loans/11/payments': { body: { results: [payment], count: 1, page: 1, totalPages: 1 } },
      'GET /emi/receipt/payment/5/pdf': { body: {} },
    });
    await screen.findByTestId('my-loan-11');
    await app.events.click(screen.getByRole('button', { name: 'Details LN0011' }));
    const dialog = await screen.findByRole('dialog', { name: 'Loan Details' });
    const [row] = await within(dialog).findAllByTestId('payment-row');
    expect(row).toHaveTextContent('₹1,500.00');
    await app.events.click(within(dialog).getByRole('button', { name: 'Download receipt of payment 5' }));
    await waitFor(() => expect(downloads.names).toEqual(['receipt_LN0011_EMI_1_payment_5.pdf']));
  });

  it('shows the empty text', async () => {
    renderMyLoans({ 'GET /loans/my': { body: [] } });
    expect(await screen.findByText('No loans found.')).toBeInTheDocument();
  });

  it('toasts when a loan cannot be fetched', async () => {
    const app = renderMyLoans({ 'GET /loans/my/11': { status: 500, body: {} } });
    await screen.findByTestId('my-loan-11');
    await app.events.click(screen.getByRole('button', { name: 'Details LN0011' }));
    expect(
      await screen.findByText('Failed to fetch loan details', {
        selector: '.mantine-Notification-description',
      }),
    ).toBeInTheDocument();
  });

  it('toasts when the list fails', async () => {
    renderMyLoans({ 'GET /loans/my': { status: 500, body: {} } });
    expect(await screen.findByText('Failed to fetch loans')).toBeInTheDocument();
    expect(screen.getByText('No loans found.')).toBeInTheDocument();
  });
});

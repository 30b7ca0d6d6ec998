import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  APPROVED_LOAN,
  makeEmi,
  makeForeclosureDetails,
  makeLoan,
  makeLoanDetail,
} from '../../../test/loan-fixtures';
import { renderLoansPage } from '../../../test/render-loans';
import { checkForeclosureForm, maxForeclosureRupees } from '../lib/foreclosure-form';

const approved = APPROVED_LOAN;
const closed = makeLoan({
  id: 3,
  loan_number: 3,
  loan_code: 'LN0003',
  status: 'closed',
  foreclosure_type: 'full_and_final',
  foreclosure_amount: 12000,
  foreclosure_remaining_amount: 3250.5,
  foreclosure_date: '2026-11-20',
  foreclosure_reason: 'Relocation',
  foreclosure_notes: 'Moving to Pune',
});

const renderLoans = (extra: Parameters<typeof renderLoansPage>[1] = {}) =>
  renderLoansPage([approved, closed], extra);

describe('Loan Details', { timeout: 30_000 }, () => {
  it('shows the summary, the customer, the schedule and the full-size image', async () => {
    const emis = [
      makeEmi(1, { emi_date: '2026-11-01', status: 'paid', paid_at: '2026-11-01T10:00:00.000Z' }),
      makeEmi(2, {
        emi_date: '2026-11-02',
        status: 'bounced',
        bounced_at: '2026-11-02T20:00:00.000Z',
        bounced_reason: 'Insufficient funds',
        late_charge: 250,
      }),
      makeEmi(3, { emi_date: '2026-11-03' }),
    ];
    const app = renderLoans({ 'GET /loans/1': { body: { loan: makeLoanDetail(approved), emis } } });
    await screen.findByText('LN0001');
    await app.events.click(screen.getByRole('button', { name: 'View loan details LN0001' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Loan Details — LN0001' }));
    expect(modal.getByTestId('loan-summary-cards')).toHaveTextContent('₹1,23,456');
    expect(modal.getByText('EMIs Paid').nextSibling).toHaveTextContent('1 / 3');
    const lateCharges = await modal.findByTestId('late-charge-summary');
    expect(lateCharges).toHaveTextContent('Late Charges₹250.50');
    expect(lateCharges).toHaveTextContent('Open EMIs10');
    expect(lateCharges).toHaveTextContent('Total Pending₹15,250.50');
    expect(modal.getByText('sunita@example.com')).toBeInTheDocument();
    expect(modal.getByText('Customer Information')).toBeInTheDocument();
    const rows = modal.getAllByTestId('emi-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('01-11-2026');
    expect(rows[0]).toHaveTextContent('Paid 01-11-2026');
    // 20:00 UTC is the next day in Asia/Kolkata.
    expect(rows[1]).toHaveTextContent('Bounced 03-11-2026');
    expect(rows[1]).toHaveTextContent('₹250');
    // The route table plugs the EMI feature's payment actions into Loan Details.
    // (The Messages section below the schedule has an Actions column of its own.)
    const schedule = rows[0]?.closest('table') as HTMLElement;
    expect(within(schedule).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();

    await app.events.click(modal.getByRole('button', { name: 'View received by image' }));
    expect(await screen.findByRole('dialog', { name: 'Received By Image' })).toBeInTheDocument();
    await app.events.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Received By Image' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Loan Details — LN0001' })).toBeInTheDocument();
    await app.events.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Loan Details/ })).not.toBeInTheDocument(),
    );
  });

  it('toasts when the loan cannot be loaded', async () => {
    const app = renderLoans({ 'GET /loans/1': { status: 404, body: { message: 'Loan not found' } } });
    await screen.findByText('LN0001');
    await app.events.click(screen.getByRole('button', { name: 'View loan details LN0001' }));
    expect(await screen.findAllByText('Failed to fetch loan details')).not.toHaveLength(0);
  });
});

describe('Foreclosure', { timeout: 30_000 }, () => {
  it('computes the limits in paise', () => {
    expect(maxForeclosureRupees('full_and_final', 15250.5)).toBe(22875.75);
    expect(maxForeclosureRupees('settlement', 15250.5)).toBe(15250.5);
    expect(maxForeclosureRupees('full_and_final', 0.01)).toBe(0.01);
    const form = {
      foreclosure_type: 'settlement' as const,
      reason: 'Other',
      notes: '',
      payment_mode: 'cash' as const,
    };
    expect(checkForeclosureForm({ ...form, settlement_amount: 100.005 }, 200).ok).toBe(false);
    expect(checkForeclosureForm({ ...form, settlement_amount: -1 }, 200).ok).toBe(false);
    expect(checkForeclosureForm({ ...form, settlement_amount: 0 }, 200).ok).toBe(true);
  });

  it('offers Full Payment first, suggests the total pending and enforces each type limit', async () => {
    const app = renderLoans({
      'POST /loans/1/foreclose': () => ({ body: { message: 'Loan foreclosed successfully' } }),
    });
    await screen.findByText('LN0001');
    await app.events.click(screen.getByRole('button', { name: 'Foreclose loan LN0001' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Foreclose Loan — LN0001' }));
    expect(await modal.findByTestId('foreclosure-figures')).toHaveTextContent('₹15,250.50');
    expect(modal.getByRole('combobox', { name: 'Foreclosure Type' })).toHaveValue('Full Payment');
    expect(modal.queryByRole('textbox', { name: 'Settlement Amount (₹)' })).not.toBeInTheDocument();

    await app.events.click(modal.getByRole('combobox', { name: 'Foreclosure Type' }));
    await app.events.click(await screen.findByRole('option', { name: /Full and Final/ }));
    const amount = modal.getByRole('textbox', { name: 'Settlement Amount (₹)' });
    expect(amount).toHaveValue('15250.5');
    expect(modal.getByText(/Maximum: ₹22,875.75/)).toBeInTheDocument();
    await app.events.clear(amount);
    await app.events.type(amount, '22875.76');
    await app.events.click(modal.getByRole('combobox', { name: 'Reason' }));
    await app.events.click(await screen.findByRole('option', { name: 'Relocation' }));
    await app.events.click(modal.getByRole('button', { name: 'Foreclose Loan' }));
    expect(await modal.findByText('Amount cannot exceed ₹22,875.75')).toBeInTheDocument();

    await app.events.click(modal.getByRole('combobox', { name: 'Foreclosure Type' }));
    await app.events.click(await screen.findByRole('option', { name: /Settlement/ }));
    await app.events.clear(amount);
    await app.events.type(amount, '15250.51');
    await app.events.click(modal.getByRole('button', { name: 'Foreclose Loan' }));
    expect(await modal.findByText('Amount cannot exceed ₹15,250.50')).toBeInTheDocument();

    await app.events.clear(amount);
    await app.events.type(amount, '15000');
    await app.events.type(modal.getByRole('textbox', { name: 'Notes' }), 'Agreed at branch');
    await app.events.click(modal.getByRole('button', { name: 'Foreclose Loan' }));
    expect(await screen.findByText('Loan foreclosed successfully')).toBeInTheDocument();
    const post = app.calls.find((call) => call.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      foreclosure_type: 'settlement',
      settlement_amount: 15000,
      reason: 'Relocation',
      notes: 'Agreed at branch',
      payment_mode: 'cash',
    });
    expect(new Headers(post?.init.headers).get('Idempotency-Key')).toMatch(/\S{8,}/);
  });

  it('requires a reason and reports a failed foreclosure', async () => {
    const app = renderLoans({ 'POST /loans/1/foreclose': { status: 500, body: {} } });
    await screen.findByText('LN0001');
    await app.events.click(screen.getByRole('button', { name: 'Foreclose loan LN0001' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Foreclose Loan — LN0001' }));
    await modal.findByTestId('foreclosure-figures');
    await app.events.click(modal.getByRole('button', { name: 'Foreclose Loan' }));
    expect(await modal.findByText('Please select a reason')).toBeInTheDocument();
    await app.events.click(modal.getByRole('combobox', { name: 'Reason' }));
    await app.events.click(await screen.findByRole('option', { name: 'Customer Request' }));
    await app.events.click(modal.getByRole('button', { name: 'Foreclose Loan' }));
    expect(await screen.findByText('Failed to foreclose loan')).toBeInTheDocument();
    const post = app.calls.find((call) => call.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      foreclosure_type: 'full',
      reason: 'Customer Request',
      payment_mode: 'cash',
    });
  });

  it('shows the foreclosure details of a closed loan', async () => {
    const app = renderLoans({
      'GET /loans/3/foreclosure': {
        body: makeForeclosureDetails({
          loan_id: 3,
          loan_code: 'LN0003',
          status: 'closed',
          pendingEmis: 0,
          totalEmiAmount: 0,
          totalLateCharges: 0,
          totalPendingAmount: 0,
          foreclosure_type: 'full_and_final',
          foreclosure_amount: 12000,
          foreclosure_remaining_amount: 3250.5,
          foreclosure_date: '2026-11-20',
          foreclosure_reason: 'Relocation',
        }),
      },
    });
    await screen.findByText('LN0003');
    await app.events.click(screen.getByRole('button', { name: 'Foreclosure details LN0003' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Foreclosure Details — LN0003' }));
    expect(await modal.findByText('Full and Final (mutually agreed amount)')).toBeInTheDocument();
    expect(modal.getByText('₹12,000.00')).toBeInTheDocument();
    expect(modal.getByText('₹3,250.50')).toBeInTheDocument();
    expect(modal.getByText('20-11-2026')).toBeInTheDocument();
    expect(modal.getByText('Admin')).toBeInTheDocument();
  });

  it('toasts when the foreclosure details fail', async () => {
    const app = renderLoans({ 'GET /loans/3/foreclosure': { status: 404, body: { message: 'Not found' } } });
    await screen.findByText('LN0003');
    await app.events.click(screen.getByRole('button', { name: 'Foreclosure details LN0003' }));
    expect(await screen.findAllByText('Failed to load foreclosure details')).not.toHaveLength(0);
  });
});

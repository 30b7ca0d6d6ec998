import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { APPROVED_LOAN, LOAN_CUSTOMERS, makeLoan, makeLoanPage } from '../../../test/loan-fixtures';
import type { TMockCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { derivedEndDate } from '../lib/loan-form';

const approved = APPROVED_LOAN;
const closed = makeLoan({ id: 3, loan_number: 3, loan_code: 'LN0003', status: 'closed' });

const renderLoans = (extra: Record<string, (call: TMockCall) => { body?: unknown; status?: number }> = {}) =>
  renderApp('/admin/loans', {
    user: makeUser('admin'),
    api: {
      'GET /loans': { body: makeLoanPage([approved, closed]) },
      'GET /users': { body: LOAN_CUSTOMERS },
      ...extra,
    },
  });

const dialog = (name: string) => screen.getByRole('dialog', { name });
const bodyOf = (call: TMockCall | undefined) => {
  if (!(call?.init.body instanceof FormData)) throw new Error('Expected a multipart body');
  return Object.fromEntries(call.init.body.entries());
};

describe('Create New Loan', { timeout: 30_000 }, () => {
  it('derives the end date as start + tenure − 1', () => {
    expect(derivedEndDate('2026-11-01', 100)).toBe('2027-02-08');
    expect(derivedEndDate('2026-11-01', 1)).toBe('2026-11-01');
    expect(derivedEndDate('2026-11-01', '')).toBeNull();
    expect(derivedEndDate('', 10)).toBeNull();
  });

  it('asks for every required field and sends nothing', async () => {
    const app = renderLoans();
    await screen.findByText('LN0001');
    await app.events.click(screen.getByRole('button', { name: 'Add Loan' }));
    const form = await screen.findByRole('dialog', { name: 'Create New Loan' });
    await app.events.click(within(form).getByRole('button', { name: 'Create Loan' }));
    expect(await screen.findByText('Please fill in all required fields')).toBeInTheDocument();
    expect(within(form).getAllByText('This field is required')).toHaveLength(5);
    expect(app.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the derived end date, checks the payment method length and creates the loan', async () => {
    const app = renderLoans({
      'POST /loans': () => ({ status: 201, body: { message: 'Loan created', loan: { id: 9 } } }),
    });
    await screen.findByText('LN0001');
    await app.events.click(screen.getByRole('button', { name: 'Add Loan' }));
    const form = within(await screen.findByRole('dialog', { name: 'Create New Loan' }));

    await app.events.click(form.getByRole('combobox', { name: 'Customer' }));
    await app.events.click(await screen.findByRole('option', { name: 'Ravi Kumar (9876500002)' }));
    await app.events.type(form.getByRole('textbox', { name: 'Loan Amount (₹)' }), '100000');
    await app.events.type(form.getByRole('textbox', { name: 'Daily EMI (₹)' }), '1200');
    await app.events.type(form.getByRole('textbox', { name: 'Tenure (days)' }), '100');
    fireEvent.change(form.getByRole('textbox', { name: 'Start Date' }), { target: { value: '21/11/2026' } });
    await waitFor(() => expect(form.getByTestId('loan-end-date')).toHaveValue('28/02/2027'));
    expect(form.getByTestId('loan-end-date')).toHaveAttribute('readonly');

    fireEvent.change(form.getByRole('textbox', { name: 'Payment Method' }), {
      target: { value: 'x'.repeat(101) },
    });
    await app.events.click(form.getByRole('button', { name: 'Create Loan' }));
    expect(await form.findByText('Payment method must be at most 100 characters')).toBeInTheDocument();
    expect(app.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(form.getByRole('textbox', { name: 'Payment Method' }), { target: { value: 'UPI' } });
    await app.events.click(form.getByRole('button', { name: 'Create Loan' }));
    expect(await screen.findByText('Loan created successfully')).toBeInTheDocument();
    const post = app.calls.find((call) => call.method === 'POST' && call.path === '/loans');
    expect(bodyOf(post)).toEqual({
      customer_id: '41',
      loan_amount: '100000',
      per_day_emi: '1200',
      total_emi_days: '100',
      start_date: '2026-11-21',
      loan_reason: '',
      payment_method: 'UPI',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create New Loan' })).not.toBeInTheDocument(),
    );
  });

  it('previews a picked image, refuses a non-image and removes the pick', async () => {
    const app = renderLoans();
    await screen.findByText('LN0001');
    await app.events.click(screen.getByRole('button', { name: 'Add Loan' }));
    const form = within(await screen.findByRole('dialog', { name: 'Create New Loan' }));
    const picker = form.getByLabelText('Received By Image') as HTMLElement;
    const input =
      picker.parentElement?.querySelector('input[type="file"]') ??
      document.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    const png = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
      'slip.png',
      {
        type: 'image/png',
      },
    );
    await app.events.upload(input, png);
    expect(await form.findByAltText('Received by preview')).toBeInTheDocument();
    expect(form.getByText('slip.png', { selector: 'p' })).toBeInTheDocument();
    await app.events.click(form.getByRole('button', { name: 'Remove image' }));
    expect(form.queryByAltText('Received by preview')).not.toBeInTheDocument();

    await app.events.upload(input, new File(['hello'], 'notes.txt', { type: 'image/png' }));
    expect(
      await form.findByText('Received By Image must be an image file (jpg, png, gif, webp)'),
    ).toBeInTheDocument();
  });

  it('refuses a total repayable below the amount before calling', async () => {
    const app = renderLoans();
    await screen.findByText('LN0001');
    await app.events.click(screen.getByRole('button', { name: 'Add Loan' }));
    const form = within(await screen.findByRole('dialog', { name: 'Create New Loan' }));
    await app.events.click(form.getByRole('combobox', { name: 'Customer' }));
    await app.events.click(await screen.findByRole('option', { name: 'Sunita Devi (9876500001)' }));
    await app.events.type(form.getByRole('textbox', { name: 'Loan Amount (₹)' }), '100000');
    await app.events.type(form.getByRole('textbox', { name: 'Daily EMI (₹)' }), '10');
    await app.events.type(form.getByRole('textbox', { name: 'Tenure (days)' }), '10');
    fireEvent.change(form.getByRole('textbox', { name: 'Start Date' }), { target: { value: '21/11/2026' } });
    await app.events.click(form.getByRole('button', { name: 'Create Loan' }));
    expect(
      await form.findByText('Per-day EMI × tenure must be at least the loan amount'),
    ).toBeInTheDocument();
    expect(app.calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('Edit Loan', { timeout: 30_000 }, () => {
  it('warns before changing core parameters, and Escape closes only the warning', async () => {
    const app = renderLoans({
      'PUT /loans/1': () => ({
        body: {
          message: 'Loan updated successfully. All EMIs were reset to pending.',
          loan: approved,
          schedule_reset: true,
        },
      }),
    });
    await screen.findByText('LN0001');
    await app.events.click(screen.getByRole('button', { name: 'Edit loan LN0001' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Loan' }));
    expect(form.getByRole('combobox', { name: 'Status' })).toHaveValue('Approved');
    expect(form.getByAltText('Received by preview')).toHaveAttribute('src', '/files/r1.png');

    const amount = form.getByRole('textbox', { name: 'Loan Amount (₹)' });
    await app.events.clear(amount);
    await app.events.type(amount, '130000');
    await app.events.click(form.getByRole('button', { name: 'Update Loan' }));
    const warning = await screen.findByRole('dialog', { name: 'Confirm Loan Changes' });
    expect(warning).toHaveTextContent('All EMIs will be reset to pending');

    await app.events.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm Loan Changes' })).not.toBeInTheDocument(),
    );
    expect(dialog('Edit Loan')).toBeInTheDocument();
    expect(app.calls.some((call) => call.method === 'PUT')).toBe(false);

    await app.events.click(form.getByRole('button', { name: 'Update Loan' }));
    await app.events.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Loan Changes' })).getByRole('button', {
        name: 'Yes, Update Loan',
      }),
    );
    expect(
      await screen.findByText('Loan updated successfully. All EMIs were reset to pending.'),
    ).toBeInTheDocument();
    const put = app.calls.find((call) => call.method === 'PUT');
    expect(bodyOf(put)).toMatchObject({ loan_amount: '130000', status: 'approved', customer_id: '40' });
  });

  it('saves other fields without the warning and can remove the image', async () => {
    const app = renderLoans({
      'PUT /loans/1': () => ({
        body: { message: 'Loan updated successfully', loan: approved, schedule_reset: false },
      }),
    });
    await screen.findByText('LN0001');
    await app.events.click(screen.getByRole('button', { name: 'Edit loan LN0001' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Loan' }));
    await app.events.type(form.getByRole('textbox', { name: 'Payment Method' }), ' + UPI');
    await app.events.click(form.getByRole('button', { name: 'Remove image' }));
    expect(form.queryByAltText('Received by preview')).not.toBeInTheDocument();
    await app.events.click(form.getByRole('button', { name: 'Update Loan' }));
    expect(await screen.findByText('Loan updated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirm Loan Changes' })).not.toBeInTheDocument();
    const put = app.calls.find((call) => call.method === 'PUT');
    expect(bodyOf(put)).toMatchObject({ payment_method: 'Cash + UPI', remove_received_by_image: '1' });
  });

  it('locks a foreclosed loan', async () => {
    const app = renderLoans();
    await screen.findByText('LN0003');
    await app.events.click(screen.getByRole('button', { name: 'Edit loan LN0003' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Loan' }));
    expect(form.getByRole('button', { name: 'Cannot Update - Loan Foreclosed' })).toBeDisabled();
    expect(form.getByRole('textbox', { name: 'Loan Amount (₹)' })).toBeDisabled();
    expect(form.getByRole('textbox', { name: 'Payment Method' })).toBeDisabled();
    expect(form.getByRole('combobox', { name: 'Customer' })).toBeDisabled();
  });
});

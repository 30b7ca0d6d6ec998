import type { LoanStatus, TEmiView } from '@lending/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeReceipt } from '../../../test/emi-fixtures';
import { bodyOf, deferred, keyOf, openLoanDetails, posts, type TRoutes } from '../../../test/loan-details';
import { makeEmi } from '../../../test/loan-fixtures';
import type { TMockReply } from '../../../test/mock-api';

/** EMI 1 paid, EMI 2 the current bounced EMI (₹250 charge), EMIs 3 and 4 pending. */
const schedule = (): TEmiView[] => [
  makeEmi(1, {
    emi_date: '2026-11-01',
    status: 'paid',
    payment_type: 'full',
    paid_at: '2026-11-01T05:00:00.000Z',
    payment_date: '2026-11-01',
  }),
  makeEmi(2, {
    emi_date: '2026-11-02',
    status: 'bounced',
    late_charge: 250,
    bounce_count: 1,
    bounced_at: '2026-11-02T14:00:00.000Z',
    bounced_reason: 'Payment failed',
  }),
  makeEmi(3, { emi_date: '2026-11-03' }),
  makeEmi(4, { emi_date: '2026-11-04' }),
];

const openDetails = (extra: TRoutes = {}, emis = schedule(), status: LoanStatus = 'approved') =>
  openLoanDetails(emis, extra, status);

describe('Loan Details payment actions', { timeout: 30_000 }, () => {
  it('offers each EMI the actions its status allows', async () => {
    const { details } = await openDetails();
    const rows = details.getAllByTestId('emi-row');
    const buttons = (row: HTMLElement) =>
      within(row)
        .queryAllByRole('button')
        .map((b) => b.getAttribute('aria-label'));
    expect(buttons(rows[0] as HTMLElement)).toEqual(['Edit payment date of EMI 1', 'View receipt of EMI 1']);
    expect(buttons(rows[1] as HTMLElement)).toEqual([
      'Mark EMI 2 as paid',
      'Mark EMI 2 as bounced',
      'Clear late charges of EMI 2',
    ]);
    expect(buttons(rows[2] as HTMLElement)).toEqual(['Mark EMI 3 as paid', 'Mark EMI 3 as bounced']);
    expect(details.getByRole('button', { name: 'Clear Late Charges' })).toBeEnabled();
  });

  it('previews a partial payment in paise, enforces its limits and sends one request per double click', async () => {
    const answer = deferred();
    const { app, details } = await openDetails({ 'POST /emi/pay/1/3': () => answer.promise });
    await app.events.click(details.getByRole('button', { name: 'Mark EMI 3 as paid' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark EMI as Paid' }));
    // Full: EMI 3 plus the current bounced EMI 2's dues (₹1,500 + ₹250) that roll into it.
    expect(dialog.getByTestId('payment-preview')).toHaveTextContent(
      'Dues of the earlier bounced EMI₹1,750.00',
    );
    expect(dialog.getByTestId('payment-preview')).toHaveTextContent('Amount to Collect₹3,250.00');

    await app.events.click(dialog.getByRole('radio', { name: 'Partial' }));
    const amount = dialog.getByRole('textbox', { name: 'Partial Amount (₹)' });
    const confirm = dialog.getByRole('button', { name: 'Mark as Paid' });
    expect(confirm).toBeDisabled();
    await app.events.type(amount, '1500.01');
    expect(
      dialog.getByText('A partial payment can be at most the EMI amount, ₹1,500.00'),
    ).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    await app.events.clear(amount);
    await app.events.type(amount, '0');
    expect(confirm).toBeDisabled();
    await app.events.clear(amount);
    await app.events.type(amount, '1000.25');
    expect(confirm).toBeEnabled();
    // Remaining ₹499.75; 10% is ₹49.975, rounded to ₹50; carried: ₹1,750 rolled in + ₹499.75 + ₹50.
    const preview = dialog.getByTestId('payment-preview');
    expect(preview).toHaveTextContent('Amount to Collect₹1,000.25');
    expect(preview).toHaveTextContent('Remaining EMI₹499.75');
    expect(preview).toHaveTextContent('Late Charge (10% of remaining)₹50.00');
    expect(preview).toHaveTextContent('Carried to EMI 4₹2,299.75');

    await app.events.dblClick(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(posts(app.calls, '/emi/pay/1/3')).toHaveLength(1));
    expect(confirm).toBeDisabled();
    const [call] = posts(app.calls, '/emi/pay/1/3');
    expect(bodyOf(call)).toEqual({
      loan_id: 1,
      emi_number: 3,
      payment_mode: 'cash',
      payment_type: 'partial',
      payment_amount: 1000.25,
    });
    expect(keyOf(call)).toMatch(/\S{8,}/);
    answer.release({
      body: {
        message: 'Partial payment of ₹1,000.25 received. Remaining balance: ₹499.75.',
        receipt: makeReceipt({ emi_number: 3, payment_type: 'partial' }),
      },
    });
    expect(
      await screen.findByText('Partial payment of ₹1,000.25 received. Remaining balance: ₹499.75.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Mark EMI as Paid' })).not.toBeInTheDocument(),
    );
    expect(posts(app.calls, '/emi/pay/1/3')).toHaveLength(1);
  });

  it('reuses the Idempotency-Key on a retry of the same attempt and takes a new one for another request', async () => {
    const replies: TMockReply[] = [
      { status: 503, body: {} },
      { status: 409, body: { message: 'EMI 3 is already paid; it cannot be paid or bounced again.' } },
      { body: { message: 'EMI 3 fully paid.', receipt: makeReceipt({ emi_number: 3 }) } },
    ];
    const { app, details } = await openDetails({ 'POST /emi/pay/1/3': () => replies.shift() ?? {} });
    await app.events.click(details.getByRole('button', { name: 'Mark EMI 3 as paid' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark EMI as Paid' }));
    const confirm = dialog.getByRole('button', { name: 'Mark as Paid' });
    await app.events.click(confirm);
    expect(await screen.findByText('Failed to mark EMI as paid')).toBeInTheDocument();
    await app.events.click(confirm);
    expect(
      await screen.findByText('EMI 3 is already paid; it cannot be paid or bounced again.'),
    ).toBeInTheDocument();
    const [first, retry] = posts(app.calls, '/emi/pay/1/3');
    expect(keyOf(retry)).toBe(keyOf(first));

    await app.events.click(dialog.getByRole('radio', { name: 'EMI only' }));
    await app.events.click(dialog.getByRole('combobox', { name: 'Payment Mode' }));
    await app.events.click(await screen.findByRole('option', { name: 'UPI' }));
    await app.events.click(confirm);
    expect(await screen.findByText('EMI 3 fully paid.')).toBeInTheDocument();
    const third = posts(app.calls, '/emi/pay/1/3')[2];
    expect(keyOf(third)).not.toBe(keyOf(first));
    expect(bodyOf(third)).toEqual({
      loan_id: 1,
      emi_number: 3,
      payment_mode: 'upi',
      payment_type: 'emi_only',
      payment_amount: 1500,
    });
  });

  it('pays the current bounced EMI in full or EMI only, never partially, and adds a charge levied now', async () => {
    const { app, details } = await openDetails({
      'POST /emi/pay/1/2': {
        body: { message: 'EMI 2 fully paid.', receipt: makeReceipt({ emi_number: 2 }) },
      },
    });
    await app.events.click(details.getByRole('button', { name: 'Mark EMI 2 as paid' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark EMI as Paid' }));
    expect(dialog.getByRole('radio', { name: 'Partial' })).toBeDisabled();
    expect(dialog.getByRole('radio', { name: 'Full (EMI + charges)' })).toBeChecked();
    expect(dialog.getByTestId('payment-preview')).toHaveTextContent('Amount to Collect₹1,750.00');
    await app.events.click(dialog.getByRole('radio', { name: 'EMI only' }));
    expect(dialog.getByTestId('payment-preview')).toHaveTextContent('Amount to Collect₹1,500.00');
    expect(dialog.getByTestId('payment-preview')).toHaveTextContent('Carried to EMI 3₹250.00');
    await app.events.click(dialog.getByRole('radio', { name: 'Full (EMI + charges)' }));
    await app.events.type(dialog.getByRole('textbox', { name: 'Late Charge at Collection (₹)' }), '20.5');
    expect(dialog.getByTestId('payment-preview')).toHaveTextContent('Amount to Collect₹1,770.50');
    await app.events.click(dialog.getByRole('button', { name: 'Mark as Paid' }));
    expect(await screen.findByText('EMI 2 fully paid.')).toBeInTheDocument();
    expect(bodyOf(posts(app.calls, '/emi/pay/1/2')[0])).toEqual({
      loan_id: 1,
      emi_number: 2,
      payment_mode: 'cash',
      payment_type: 'full',
      payment_amount: 1770.5,
      late_charge_amount: 20.5,
    });
  });

  it('marks an EMI bounced with its charge and the default reason; Escape closes only the dialog', async () => {
    const { app, details } = await openDetails({
      'POST /emi/bounce/1/3': { body: { message: 'EMI 3 marked as bounced', emi: makeEmi(3) } },
    });
    await app.events.click(details.getByRole('button', { name: 'Mark EMI 3 as bounced' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Mark EMI as Bounced' }));
    await app.events.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Mark EMI as Bounced' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Loan Details — LN0001' })).toBeInTheDocument();

    await app.events.click(details.getByRole('button', { name: 'Mark EMI 3 as bounced' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Mark EMI as Bounced' }));
    expect(dialog.getByRole('textbox', { name: 'Reason' })).toHaveValue('Payment failed');
    await app.events.type(dialog.getByRole('textbox', { name: 'Bounce Charge (₹)' }), '250');
    await app.events.click(dialog.getByRole('button', { name: 'Mark as Bounced' }));
    expect(await screen.findByText('EMI 3 marked as bounced')).toBeInTheDocument();
    const [call] = posts(app.calls, '/emi/bounce/1/3');
    expect(bodyOf(call)).toEqual({
      loan_id: 1,
      emi_number: 3,
      emi_amount: 1500,
      late_charges: 250,
      reason: 'Payment failed',
      notes: '',
    });
    expect(keyOf(call)).not.toBeNull();
  });

  it('clears the loan-wide late charges only with the exact latest one', async () => {
    const { app, details } = await openDetails({
      'POST /loans/1/clear-charges': {
        body: { message: 'Late charges cleared successfully', cleared: 250, emis: [] },
      },
    });
    await app.events.click(details.getByRole('button', { name: 'Clear Late Charges' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Clear Late Charges' }));
    expect(dialog.getByText(/latest late charge \(EMI 2\), ₹250.00/)).toBeInTheDocument();
    const amount = dialog.getByRole('textbox', { name: 'Latest Late Charge (₹)' });
    await app.events.type(amount, '249.99');
    await app.events.click(dialog.getByRole('button', { name: 'Clear Late Charges' }));
    expect(
      await screen.findAllByText('Please enter the exact latest late charge amount to clear all charges.'),
    ).not.toHaveLength(0);
    expect(posts(app.calls, '/loans/1/clear-charges')).toHaveLength(0);
    await app.events.clear(amount);
    await app.events.type(amount, '250');
    await app.events.click(dialog.getByRole('button', { name: 'Clear Late Charges' }));
    expect(await screen.findByText('Late charges cleared successfully')).toBeInTheDocument();
    const [call] = posts(app.calls, '/loans/1/clear-charges');
    expect(bodyOf(call)).toEqual({ amount: 250 });
    expect(keyOf(call)).not.toBeNull();
  });

  it('clears part of one EMI late charge with a positive amount', async () => {
    const { app, details } = await openDetails({
      'POST /loans/emi/2/clear-charges': {
        status: 409,
        body: { message: 'EMI 2 is settled; its late charge is history, not owed.' },
      },
    });
    await app.events.click(details.getByRole('button', { name: 'Clear late charges of EMI 2' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Clear EMI Late Charges' }));
    const amount = dialog.getByRole('textbox', { name: 'Amount to Clear (₹)' });
    expect(amount).toHaveValue('250');
    await app.events.clear(amount);
    await app.events.type(amount, '0');
    await app.events.click(dialog.getByRole('button', { name: 'Clear Late Charges' }));
    expect(await dialog.findByText('Please enter a valid amount greater than 0')).toBeInTheDocument();
    await app.events.clear(amount);
    await app.events.type(amount, '100.5');
    await app.events.click(dialog.getByRole('button', { name: 'Clear Late Charges' }));
    expect(
      await screen.findByText('EMI 2 is settled; its late charge is history, not owed.'),
    ).toBeInTheDocument();
    expect(bodyOf(posts(app.calls, '/loans/emi/2/clear-charges')[0])).toEqual({ amount: 100.5 });
  });

  it('shows no payment controls on a closed loan but keeps its receipts', async () => {
    const { details } = await openDetails({}, schedule(), 'closed');
    expect(details.queryByRole('button', { name: 'Clear Late Charges' })).not.toBeInTheDocument();
    expect(details.queryByRole('button', { name: /Mark EMI/ })).not.toBeInTheDocument();
    expect(details.queryByRole('button', { name: /Edit payment date/ })).not.toBeInTheDocument();
    expect(details.getByRole('button', { name: 'View receipt of EMI 1' })).toBeInTheDocument();
  });
});

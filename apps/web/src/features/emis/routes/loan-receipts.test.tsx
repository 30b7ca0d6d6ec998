import type { TEmiView } from '@lending/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { captureDownloads } from '../../../test/browser-stand-ins';
import { makeReceipt } from '../../../test/emi-fixtures';
import { openLoanDetails, type TRoutes } from '../../../test/loan-details';
import { makeEmi } from '../../../test/loan-fixtures';

const emis = (): TEmiView[] => [
  makeEmi(1, {
    id: 11,
    emi_date: '2026-11-01',
    status: 'partial',
    payment_type: 'partial',
    partial_payment_amount: 1000.25,
    remaining_balance: 499.75,
    paid_at: '2026-11-01T05:00:00.000Z',
    payment_date: '2026-11-01',
  }),
  makeEmi(2, { id: 12, emi_date: '2026-11-02', late_charge: 549.75 }),
];

const openDetails = (extra: TRoutes = {}) => openLoanDetails(emis(), extra);

let saved: string[] = [];
beforeEach(() => {
  saved = captureDownloads('blob:receipt').names;
});

describe('Payment Receipt', { timeout: 30_000 }, () => {
  it('shows the PDF in a frame and downloads it named by loan code and EMI number', async () => {
    const { app, details } = await openDetails({ 'GET /emi/receipt/1/1/pdf': { body: '%PDF-1.7' } });
    await app.events.click(details.getByRole('button', { name: 'View receipt of EMI 1' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Payment Receipt' }));
    expect(await modal.findByTitle('Receipt PDF')).toHaveAttribute('src', 'blob:receipt');
    expect(modal.getByTestId('emi-dialog-subject')).toHaveTextContent('LN0001 · EMI 1');
    await app.events.click(modal.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('PDF downloaded successfully!')).toBeInTheDocument();
    expect(saved).toEqual(['receipt_LN0001_EMI_1.pdf']);
    expect(modal.getByRole('button', { name: 'Print Receipt' })).toBeEnabled();

    // The footer's Close (the header's × is also 'Close').
    const closeButtons = modal.getAllByRole('button', { name: 'Close' });
    await app.events.click(closeButtons[closeButtons.length - 1] as HTMLElement);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Payment Receipt' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Loan Details — LN0001' })).toBeInTheDocument();
  });

  it('falls back to the text receipt when the PDF cannot load', async () => {
    const { app, details } = await openDetails({
      'GET /emi/receipt/1/1/pdf': { status: 500, body: { message: 'PDF engine down' } },
      'GET /emi/receipt/1/1': {
        body: {
          receipt: makeReceipt({
            payment_type: 'partial',
            partial_payment_amount: 1000.25,
            amount_collected: 1000.25,
            remaining_balance: 499.75,
            partial_charge: 50,
            carried_amount: 549.75,
            carried_to_emi: 2,
          }),
        },
      },
    });
    await app.events.click(details.getByRole('button', { name: 'View receipt of EMI 1' }));
    expect(await screen.findByText('Failed to load PDF, showing text receipt instead')).toBeInTheDocument();
    const modal = within(screen.getByRole('dialog', { name: 'Payment Receipt' }));
    const text = await modal.findByTestId('receipt-text');
    expect(text).toHaveTextContent('PAYMENT RECEIPT');
    expect(text).toHaveTextContent(/Partial Payment Amount:\s+₹1,000.25/);
    expect(text).toHaveTextContent(/Remaining Balance:\s+₹499.75/);
    expect(text).toHaveTextContent(/Carried to EMI 2:\s+₹549.75/);
    expect(text).toHaveTextContent(/Due Date:\s+01-11-2026/);
    expect(modal.queryByTitle('Receipt PDF')).not.toBeInTheDocument();
    await app.events.click(modal.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('PDF engine down')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('says so when neither the PDF nor the receipt data load', async () => {
    const { app, details } = await openDetails({
      'GET /emi/receipt/1/1/pdf': { status: 500, body: {} },
      'GET /emi/receipt/1/1': { status: 500, body: {} },
    });
    await app.events.click(details.getByRole('button', { name: 'View receipt of EMI 1' }));
    expect(await screen.findAllByText('Failed to load receipt data')).not.toHaveLength(0);
  });
});

describe('Inline payment-date edit', { timeout: 30_000 }, () => {
  it('validates, saves on Enter through GET and falls back to POST', async () => {
    const answer = { body: { message: 'Payment date updated successfully', emi: makeEmi(1) } };
    const { app, details } = await openDetails({
      'GET /loans/update-payment-date': { status: 405, body: {} },
      'POST /loans/update-payment-date': answer,
    });
    await app.events.click(details.getByRole('button', { name: 'Edit payment date of EMI 1' }));
    const input = details.getByRole('textbox', { name: 'Payment date of EMI 1' });
    expect(input).toHaveValue('01/11/2026');
    await app.events.clear(input);
    await app.events.type(input, '{Enter}');
    expect(await details.findByText('Please select a payment date')).toBeInTheDocument();
    await app.events.type(input, '31/02/2026{Enter}');
    expect(await details.findByText('Please select a valid date')).toBeInTheDocument();
    expect(app.calls.some((call) => call.path === '/loans/update-payment-date')).toBe(false);

    await app.events.clear(input);
    await app.events.type(input, '31/10/2026{Enter}');
    expect(await screen.findByText('Payment date updated successfully')).toBeInTheDocument();
    const [get, post] = app.calls.filter((call) => call.path === '/loans/update-payment-date');
    expect(Object.fromEntries(get?.url.searchParams ?? [])).toEqual({
      loanId: '1',
      emiKey: '11',
      payment_date: '2026-10-31',
    });
    expect(post?.method).toBe('POST');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      loanId: 1,
      emiKey: 11,
      payment_date: '2026-10-31',
    });
    await waitFor(() =>
      expect(details.queryByRole('textbox', { name: 'Payment date of EMI 1' })).not.toBeInTheDocument(),
    );
  });

  it("cancels on Escape without closing Loan Details, and shows the server's refusal", async () => {
    const { app, details } = await openDetails({
      'GET /loans/update-payment-date': {
        status: 400,
        body: { message: 'The payment date cannot be in the future' },
      },
      'POST /loans/update-payment-date': {
        status: 400,
        body: { message: 'The payment date cannot be in the future' },
      },
    });
    await app.events.click(details.getByRole('button', { name: 'Edit payment date of EMI 1' }));
    await app.events.keyboard('{Escape}');
    await waitFor(() =>
      expect(details.queryByRole('textbox', { name: 'Payment date of EMI 1' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Loan Details — LN0001' })).toBeInTheDocument();

    await app.events.click(details.getByRole('button', { name: 'Edit payment date of EMI 1' }));
    const input = details.getByRole('textbox', { name: 'Payment date of EMI 1' });
    await app.events.clear(input);
    await app.events.type(input, '02/11/2026{Enter}');
    expect(await screen.findAllByText('The payment date cannot be in the future')).not.toHaveLength(0);
  });
});

import type { TLoanPaymentsResponse } from '@lending/domain';
import { sampleLoanPayment } from '@lending/domain/testing';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { captureDownloads } from '../../../test/browser-stand-ins';
import { openLoanDetails } from '../../../test/loan-details';
import { makeEmi } from '../../../test/loan-fixtures';

const payment = sampleLoanPayment;

const PAGE: TLoanPaymentsResponse = {
  results: [
    payment({ payment_id: 9, business_date: '2026-11-20', payment_mode: 'cash', amount_collected: 150 }),
    payment({ emi_replaced: true }),
  ],
  count: 2,
  page: 1,
  totalPages: 1,
};

describe('Loan Details: payments and their receipts', () => {
  it('lists every payment, a replaced EMI’s too, and downloads a payment’s receipt PDF', async () => {
    const downloads = captureDownloads();
    const { app, details } = await openLoanDetails([makeEmi(1)], {
      'GET /loans/1/payments': { body: PAGE },
      'GET /emi/receipt/payment/7/pdf': { body: { pdf: true } },
    });
    const rows = await details.findAllByTestId('payment-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('20-11-2026'),
      expect.stringContaining('Replaced'),
    ]);
    expect(rows[1]?.textContent).toContain('₹120.00');
    expect(rows[1]?.textContent).toContain('UPI');
    await app.events.click(details.getByRole('button', { name: 'Download receipt of payment 7' }));
    await waitFor(() => expect(downloads.names).toEqual(['receipt_LN0001_EMI_1_payment_7.pdf']));
    expect(app.calls.some((call) => call.path === '/emi/receipt/payment/7/pdf')).toBe(true);
    expect(app.calls.find((call) => call.path === '/loans/1/payments')?.url.searchParams.get('page')).toBe(
      '1',
    );
  });

  it('says so when there is no payment yet', async () => {
    const { details } = await openLoanDetails([makeEmi(1)], {
      'GET /loans/1/payments': { body: { results: [], count: 0, page: 1, totalPages: 0 } },
    });
    expect(await details.findByText('No payments yet')).toBeTruthy();
  });
});

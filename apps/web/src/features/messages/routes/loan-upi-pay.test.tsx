import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo } from '../../../test/calls';
import { makeMyLoan } from '../../../test/field-fixtures';
import { makeUser } from '../../../test/fixtures';
import type { TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const LINK = 'upi://pay?pa=lender@okaxis&pn=Daily%20Finance&am=1250.50&cu=INR&tr=LN0011&tn=EMI%20of%20LN0011';

const loans = [
  makeMyLoan({ id: 11, loan_code: 'LN0011' }),
  makeMyLoan({ id: 12, loan_code: 'LN0012' }),
  makeMyLoan({ id: 13, loan_code: 'LN0013', status: 'closed' }),
];

const renderMyLoans = (api: Record<string, TMockReply>) =>
  renderApp('/my-loans', { user: makeUser('user'), api: { 'GET /loans/my': { body: loans }, ...api } });

describe('Pay by UPI on My Loans', { timeout: 30_000 }, () => {
  it('offers the UPI link and its QR code for each active loan that has one', async () => {
    const app = renderMyLoans({
      'GET /loans/11/upi': {
        body: {
          upi: {
            link: LINK,
            amount_paise: 125_050,
            vpa: 'lender@okaxis',
            payee_name: 'Daily Finance',
            reference: 'LN0011',
          },
        },
      },
      'GET /loans/12/upi': { body: { upi: null } },
    });
    const part = within(await screen.findByTestId('loan-upi-11'));
    expect(part.getByRole('heading', { name: 'Pay loan LN0011 by UPI' })).toBeInTheDocument();
    expect(part.getByRole('link', { name: 'Pay ₹1,250.50 by UPI' })).toHaveAttribute('href', LINK);
    const qr = await part.findByRole('img', { name: 'UPI QR code to pay ₹1,250.50' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(part.getByText('To Daily Finance (lender@okaxis), reference LN0011')).toBeInTheDocument();
    // A loan without a UPI id shows nothing, and a closed loan is not asked about.
    await waitFor(() => expect(callsTo(app.calls, '/loans/12/upi')).toHaveLength(1));
    expect(screen.queryByTestId('loan-upi-12')).toBeNull();
    expect(callsTo(app.calls, '/loans/13/upi')).toEqual([]);
  });

  it('shows nothing when the lender set no UPI id, or nothing is owed now', async () => {
    const app = renderMyLoans({
      'GET /loans/11/upi': { body: { upi: null } },
      'GET /loans/12/upi': {
        body: {
          upi: {
            link: LINK,
            amount_paise: 0,
            vpa: 'lender@okaxis',
            payee_name: 'Daily Finance',
            reference: 'LN0012',
          },
        },
      },
    });
    await screen.findByTestId('my-loan-11');
    await waitFor(() => expect(callsTo(app.calls, '/loans/12/upi')).toHaveLength(1));
    expect(screen.queryByText(/by UPI/)).toBeNull();
    expect(screen.queryByRole('img', { name: /UPI QR code/ })).toBeNull();
  });
});

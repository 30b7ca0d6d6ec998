import type { TLoanView } from '@lending/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubPhone } from '../../../test/browser-stand-ins';
import { callsTo, lastParams } from '../../../test/calls';
import { makeUser } from '../../../test/fixtures';
import { makeToMatch, makeToMatchPage } from '../../../test/import-fixtures';
import { makeLoan } from '../../../test/loan-fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

type THandler = (call: TMockCall) => TMockReply;

const page = makeToMatchPage(
  [makeToMatch(1), makeToMatch(2, { amount: 300, paymentMode: 'cash', utr: null })],
  {
    total: 52,
    totalPages: 2,
    totalAmount: 65_012.5,
  },
);
const loan: TLoanView = makeLoan({
  id: 44,
  loan_code: 'LN-0044',
  customer_name: 'Asha Devi',
  customer_mobile: '9876500011',
});

const renderToMatch = (api: Record<string, TMockReply | THandler> = {}) =>
  renderApp('/admin/import/to-match', {
    user: makeUser('admin'),
    api: {
      'GET /imports/to-match': { body: page },
      'GET /loans': { body: { loans: [loan], total: 1, totalPages: 1, totalAmount: 0, counts: {} } },
      ...api,
    },
  });

const bodyOf = (call: TMockCall | undefined) => JSON.parse(String(call?.init.body));

describe('Collections to match', { timeout: 30_000 }, () => {
  it('lists each collection with its amount, and the count and total over the whole list', async () => {
    const app = renderToMatch();
    const row = await screen.findByTestId('to-match-row-1');
    for (const text of [
      '19-11-2026',
      '₹1,250.50',
      'UPI',
      'OLD-101',
      'UTR1',
      'No loan with reference OLD-101',
      'Import #5, Collections row 11',
    ])
      expect(row).toHaveTextContent(text);
    expect(row).toHaveTextContent('No agent named (you)');
    expect(screen.getByTestId('to-match-row-2')).toHaveTextContent('₹300.00');
    // Matched, the cash is counted with the agent the file named.
    expect(screen.getByTestId('to-match-row-2')).toHaveTextContent('Agent 2');
    expect(screen.getByTestId('to-match-count')).toHaveTextContent('52');
    expect(screen.getByTestId('to-match-amount')).toHaveTextContent('₹65,012.50');
    expect(screen.getByTestId('to-match-summary')).toHaveTextContent('Showing 1 to 50 of 52 results');
    await app.events.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastParams(app.calls, '/imports/to-match', 'page')).toEqual({ page: '2' }));
    expect(app.router.state.location.search).toBe('?page=2');
  });

  it('matches a collection to a loan found by search, and asks the list again', async () => {
    const app = renderToMatch({
      'POST /imports/to-match/1/match': { body: { message: 'Paid ₹1,250.50 to LN-0044' } },
    });
    await app.events.click(await screen.findByRole('button', { name: 'Match ₹1,250.50 of 19-11-2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Match to a loan' });
    expect(dialog).toHaveTextContent('OLD-101');
    await app.events.click(within(dialog).getByRole('button', { name: 'Match to this loan' }));
    expect(await within(dialog).findByText('Choose the loan this collection belongs to')).toBeInTheDocument();

    await app.events.type(within(dialog).getByRole('combobox', { name: /^Loan/ }), 'Asha');
    await app.events.click(await screen.findByRole('option', { name: 'LN-0044 · Asha Devi · 9876500011' }));
    expect(lastParams(app.calls, '/loans', 'search', 'limit')).toEqual({ search: 'Asha', limit: '10' });
    const listed = callsTo(app.calls, '/imports/to-match').length;
    await app.events.click(within(dialog).getByRole('button', { name: 'Match to this loan' }));
    expect(await screen.findByText('Paid ₹1,250.50 to LN-0044')).toBeInTheDocument();
    expect(bodyOf(callsTo(app.calls, '/imports/to-match/1/match')[0])).toEqual({ loan_id: 44 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(callsTo(app.calls, '/imports/to-match').length).toBeGreaterThan(listed));
  });

  it("shows the server's refusal of a match in the dialog", async () => {
    const app = renderToMatch({
      'POST /imports/to-match/1/match': {
        status: 404,
        body: { message: 'This collection is not waiting to be matched' },
      },
    });
    await app.events.click(await screen.findByRole('button', { name: 'Match ₹1,250.50 of 19-11-2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Match to a loan' });
    await app.events.type(within(dialog).getByRole('combobox', { name: /^Loan/ }), 'LN-0044');
    await app.events.click(await screen.findByRole('option', { name: /LN-0044/ }));
    await app.events.click(within(dialog).getByRole('button', { name: 'Match to this loan' }));
    expect(
      await within(dialog).findByText('This collection is not waiting to be matched'),
    ).toBeInTheDocument();
  });

  it('says what to do when the collector’s cash day is closed', async () => {
    const app = renderToMatch({
      'POST /imports/to-match/1/match': {
        status: 409,
        body: {
          code: 'CASH_DAY_CLOSED',
          message:
            "The collector's business day 2026-11-21 is closed; collections after close belong to the next day.",
        },
      },
    });
    await app.events.click(await screen.findByRole('button', { name: 'Match ₹1,250.50 of 19-11-2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Match to a loan' });
    await app.events.type(within(dialog).getByRole('combobox', { name: /^Loan/ }), 'LN-0044');
    await app.events.click(await screen.findByRole('option', { name: /LN-0044/ }));
    await app.events.click(within(dialog).getByRole('button', { name: 'Match to this loan' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('business day 2026-11-21 is closed');
    expect(alert).toHaveTextContent(
      /Your cash for today has been counted .* match it on the next business day/,
    );
  });

  it('dismisses a collection with a reason', async () => {
    const app = renderToMatch({
      'POST /imports/to-match/2/dismiss': { body: { message: 'Collection dismissed' } },
    });
    await app.events.click(await screen.findByRole('button', { name: 'Dismiss ₹300.00 of 19-11-2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss the collection' });
    await app.events.click(within(dialog).getByRole('button', { name: 'Dismiss collection' }));
    expect(await within(dialog).findByText('Say why this collection is dismissed')).toBeInTheDocument();
    expect(callsTo(app.calls, '/imports/to-match/2/dismiss')).toEqual([]);
    await app.events.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Refund to the customer');
    await app.events.click(within(dialog).getByRole('button', { name: 'Dismiss collection' }));
    expect(await screen.findByText('Collection dismissed')).toBeInTheDocument();
    expect(bodyOf(callsTo(app.calls, '/imports/to-match/2/dismiss')[0])).toEqual({
      reason: 'Refund to the customer',
    });
  });

  it('says when nothing waits', async () => {
    renderToMatch({ 'GET /imports/to-match': { body: makeToMatchPage([]) } });
    expect(await screen.findByText('No collections are waiting to be matched')).toBeInTheDocument();
    expect(screen.getByTestId('to-match-amount')).toHaveTextContent('₹0');
  });

  it("says why the list could not load, in the server's words", async () => {
    renderToMatch({ 'GET /imports/to-match': { status: 500, body: { message: 'The database is busy' } } });
    expect(await screen.findByText('The database is busy')).toBeInTheDocument();
    expect(screen.getByTestId('to-match-amount')).toHaveTextContent('-');
  });

  it('keeps every row and its buttons on a phone', async () => {
    stubPhone();
    renderToMatch();
    const row = await screen.findByTestId('to-match-row-1');
    expect(within(row).getByRole('button', { name: 'Match ₹1,250.50 of 19-11-2026' })).toBeInTheDocument();
    expect(within(row).getByText('₹1,250.50').closest('td')).toHaveAttribute('data-label', 'Amount');
  });
});

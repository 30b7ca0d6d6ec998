import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { columnHeaders, expectTexts } from '../../../test/assertions';
import { callsTo } from '../../../test/calls';
import { makeUser } from '../../../test/fixtures';
import { openLoanDetails } from '../../../test/loan-details';
import { LOAN_CUSTOMERS, makeEmi, makeLoan, makeLoanDetail, makeLoanPage } from '../../../test/loan-fixtures';
import { makeMessage, makeMessageCounts, makeMessagePage } from '../../../test/message-fixtures';
import type { TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const FAILED = makeMessage(9, {
  event: 'emi_bounced',
  status: 'failed',
  attempts: 5,
  last_error: 'DLT template not registered',
});
const SENT = makeMessage(8, { status: 'sent', channel: 'email', recipient: 's••••@example.com' });

const openWith = async (extra: Record<string, TMockReply> = {}) => {
  const opened = await openLoanDetails([makeEmi(1)], {
    'GET /messages': {
      body: makeMessagePage([FAILED, SENT], null, makeMessageCounts({ failed: 1, sent: 1 })),
    },
    ...extra,
  });
  return { ...opened, section: within(await opened.details.findByTestId('loan-messages')) };
};

describe("Loan Details' Messages", { timeout: 30_000 }, () => {
  it("lists the loan's messages of every day, with their status", async () => {
    const { app, section } = await openWith();
    expect(section.getByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    const row = await section.findByTestId('message-row-9');
    const query = Object.fromEntries(
      callsTo(app.calls, '/messages').at(-1)?.url.searchParams.entries() ?? [],
    );
    expect(query).toEqual({ loan_id: '1' });
    expect(columnHeaders(section.getByRole('table', { name: 'Messages of this loan' }))).toEqual([
      'Time',
      'Event',
      'Channel',
      'Recipient',
      'Status',
      'Attempts',
      'Last error',
      'Actions',
    ]);
    expectTexts(row, ['EMI bounced (notice)', 'SMS', 'Failed', '5', 'DLT template not registered']);
    expectTexts(section.getByTestId('message-row-8'), ['E-mail', 's••••@example.com', 'Sent']);
    expect(within(section.getByTestId('message-row-8')).queryByRole('button', { name: /^Retry/ })).toBeNull();
  });

  it('queues a failed message again; its text opens over Loan Details', async () => {
    const { app, section } = await openWith({
      'POST /messages/9/retry': {
        body: { message: 'Message queued to be sent again', item: { ...FAILED, status: 'queued' } },
      },
    });
    const row = await section.findByTestId('message-row-9');
    const before = callsTo(app.calls, '/messages').length;
    await app.events.click(within(row).getByRole('button', { name: /^Retry SMS to Sunita Devi/ }));
    expect(await screen.findByText('Message queued to be sent again')).toBeInTheDocument();
    expect(app.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/messages/9/retry',
    ]);
    await waitFor(() => expect(callsTo(app.calls, '/messages').length).toBeGreaterThan(before));

    await app.events.click(within(row).getByRole('button', { name: /^Read/ }));
    const text = await screen.findByRole('dialog', { name: 'Message' });
    expect(within(text).getByTestId('message-text')).toHaveTextContent('Received Rs.500.00 for EMI 12');
    // Escape closes the message only: Loan Details stays open under it.
    await app.events.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Message' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Loan Details — LN0001' })).toBeInTheDocument();
  });

  it('says when no message was written for the loan', async () => {
    const { section } = await openWith({ 'GET /messages': { body: makeMessagePage([], null) } });
    expect(await section.findByText('No message has been written for this loan yet')).toBeInTheDocument();
  });

  it("is not in an agent's Loan Details: the message log is the office's", async () => {
    const loan = makeLoan({ id: 1, loan_code: 'LN0001' });
    const app = renderApp('/agent/my-loans?loan=1', {
      user: makeUser('agent'),
      api: {
        'GET /loans': { body: makeLoanPage([loan]) },
        'GET /users': { body: { users: LOAN_CUSTOMERS } },
        'GET /loans/1': { body: { loan: makeLoanDetail(loan), emis: [makeEmi(1)] } },
      },
    });
    const details = within(await screen.findByRole('dialog', { name: 'Loan Details — LN0001' }));
    await details.findAllByTestId('emi-row');
    expect(details.queryByTestId('loan-messages')).toBeNull();
    expect(callsTo(app.calls, '/messages')).toEqual([]);
  });
});

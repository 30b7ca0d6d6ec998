import type { LoanStatus, TEmiView } from '@lending/domain';
import { screen, within } from '@testing-library/react';
import { makeUser } from './fixtures';
import {
  LOAN_CUSTOMERS,
  makeForeclosureDetails,
  makeLoan,
  makeLoanDetail,
  makeLoanPage,
} from './loan-fixtures';
import type { TMockCall, TMockReply } from './mock-api';
import { renderApp } from './render-app';

export type TRoutes = Record<string, ((call: TMockCall) => TMockReply | Promise<TMockReply>) | TMockReply>;

/**
 * Loan Management as the superadmin, with Loan Details of loan 1 (LN0001) opened on `emis`; `extra`
 * answers the calls under test.
 */
export const openLoanDetails = async (
  emis: TEmiView[],
  extra: TRoutes = {},
  status: LoanStatus = 'approved',
) => {
  const loan = makeLoan({ id: 1, loan_code: 'LN0001', status });
  const app = renderApp('/admin/loans', {
    user: makeUser('superadmin'),
    api: {
      'GET /loans': { body: makeLoanPage([loan]) },
      'GET /users': { body: { users: LOAN_CUSTOMERS } },
      'GET /loans/1': { body: { loan: makeLoanDetail(loan), emis } },
      'GET /loans/1/foreclosure': { body: makeForeclosureDetails({ totalLateCharges: 250 }) },
      ...extra,
    },
  });
  await screen.findByText('LN0001');
  await app.events.click(screen.getByRole('button', { name: 'View loan details LN0001' }));
  const details = await screen.findByRole('dialog', { name: 'Loan Details — LN0001' });
  await within(details).findAllByTestId('emi-row');
  return { app, details: within(details) };
};

/** The POSTs made to `path`. */
export const posts = (calls: TMockCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);
export const bodyOf = (call: TMockCall | undefined) => JSON.parse(String(call?.init.body));
export const keyOf = (call: TMockCall | undefined) => new Headers(call?.init.headers).get('Idempotency-Key');

/** An answer the test releases when it wants: the call stays in flight until then. */
export const deferred = () => {
  let release: (reply: TMockReply) => void = () => {};
  const promise = new Promise<TMockReply>((resolve) => {
    release = resolve;
  });
  return { promise, release };
};

import type { TLoanView } from '@lending/domain';
import { makeUser } from './fixtures';
import { LOAN_CUSTOMERS, makeForeclosureDetails, makeLoanPage } from './loan-fixtures';
import type { TMockCall, TMockReply } from './mock-api';
import { renderApp } from './render-app';

/** Loan Management as the superadmin, listing `loans`, with the calls every loan test needs plus `extra`. */
export const renderLoansPage = (
  loans: TLoanView[],
  extra: Record<string, ((call: TMockCall) => TMockReply) | TMockReply> = {},
) =>
  renderApp('/admin/loans', {
    user: makeUser('superadmin'),
    api: {
      'GET /loans': { body: makeLoanPage(loans) },
      'GET /users': { body: { users: LOAN_CUSTOMERS } },
      'GET /loans/1/foreclosure': { body: makeForeclosureDetails() },
      ...extra,
    },
  });

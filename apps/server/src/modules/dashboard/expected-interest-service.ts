import {
  monthWindowsOf,
  paiseToRupees,
  type TExpectedInterestPage,
  type TExpectedInterestQuery,
} from '@lending/domain';
import type { AppDeps } from '../../platform/deps';
import { recoveryIn } from '../read-model';
import {
  type ExpectedInterestFilter,
  expectedInterestPage,
  monthLoanTotals,
  withSearchedLoans,
} from './expected-interest-repository';
import { percentOf } from './percent';

const rupees = (paise: unknown) => paiseToRupees(Number(paise ?? 0));

/**
 * GET /stats/interest-metrics/emis: the EMIs behind the Interest panel's "Expected this month", a page
 * at a time, with the totals of the whole filter (docs/dashboard.md). With the default filter (this
 * month, every lent loan, no search) the totals are the panel's figures: expected interest, average
 * rate, collected vs expected.
 */
export const listExpectedInterest = async (
  { db, clock }: AppDeps,
  query: TExpectedInterestQuery,
): Promise<TExpectedInterestPage> => {
  const monthStart =
    query.month === undefined ? monthWindowsOf(clock.today()).currentStart : `${query.month}-01`;
  const filter: ExpectedInterestFilter = await withSearchedLoans(db, {
    monthStart,
    nextStart: monthWindowsOf(monthStart).nextStart,
    status: query.status,
    search: query.search,
  });
  const wholeBook = query.status === 'lent' && (query.search ?? '') === '';
  const [rows, totals, collected] = await Promise.all([
    expectedInterestPage(db, filter, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    monthLoanTotals(db, filter),
    wholeBook ? recoveryIn(db, { from: filter.monthStart, to: filter.nextStart }) : undefined,
  ]);
  return {
    month: monthStart.slice(0, 7),
    rows: rows.map((row) => ({
      emi_id: Number(row.emi_id),
      loan_id: Number(row.loan_id),
      loan_code: String(row.loan_code),
      customer_name: String(row.customer_name ?? ''),
      loan_status: String(row.loan_status),
      emi_number: Number(row.emi_number),
      emi_date: String(row.emi_date),
      emi_status: String(row.emi_status),
      amount: rupees(row.amount),
      interest_share: rupees(row.interest_share),
      loan_rate: percentOf(Number(row.interest_amount), Number(row.loan_amount)),
    })),
    page: query.page,
    total: totals.emis,
    totalPages: Math.ceil(totals.emis / query.limit),
    totals: {
      scheduled: rupees(totals.scheduled),
      expectedInterest: rupees(totals.expected),
      loans: totals.loans,
      principal: rupees(totals.principal),
      interest: rupees(totals.interest),
      averageRate: percentOf(totals.interest, totals.principal),
      collectedInterest: collected === undefined ? null : rupees(collected.interestShare),
      collectedVsExpected:
        collected === undefined ? null : percentOf(collected.interestShare, totals.expected),
    },
    as_of: wholeBook ? clock.now().toISOString() : null,
  };
};

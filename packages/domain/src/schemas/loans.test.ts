import { describe, expect, it } from 'vitest';
import { LOAN_REQUIRED_MESSAGE, ZCreateLoanRequest, ZForecloseRequest, ZLoanListQuery } from './loans';

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  result.success ? [] : (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

const valid = {
  customer_id: '7',
  loan_amount: '10000',
  per_day_emi: '120.50',
  total_emi_days: '100',
  start_date: '2026-11-21',
};

describe('ZCreateLoanRequest', () => {
  it('parses form text into numbers', () => {
    expect(ZCreateLoanRequest.parse(valid)).toEqual({
      customer_id: 7,
      loan_amount: 10000,
      per_day_emi: 120.5,
      total_emi_days: 100,
      start_date: '2026-11-21',
    });
  });

  it('answers every missing or blank required field with the spec message', () => {
    expect(issuesOf(ZCreateLoanRequest.safeParse({ loan_amount: '', start_date: null }))).toEqual(
      ['customer_id', 'loan_amount', 'per_day_emi', 'total_emi_days', 'start_date'].map((field) => [
        field,
        LOAN_REQUIRED_MESSAGE,
      ]),
    );
  });

  it.each([
    [{ loan_amount: 'abc' }, 'loan_amount', 'Amount must be a number'],
    [{ loan_amount: '-5' }, 'loan_amount', 'Amount must be greater than 0'],
    [{ per_day_emi: '10.555' }, 'per_day_emi', 'Amount may have at most 2 decimals'],
    [{ total_emi_days: '2.5' }, 'total_emi_days', 'Tenure must be a whole number of days'],
    [{ total_emi_days: '3651' }, 'total_emi_days', 'Tenure must be at most 3650 days'],
    [{ start_date: '2026-02-30' }, 'start_date', 'Date must be a valid YYYY-MM-DD date'],
    [{ payment_method: 'x'.repeat(101) }, 'payment_method', 'Payment method must be at most 100 characters'],
  ])('refuses %j with its own message', (override, field, message) => {
    expect(issuesOf(ZCreateLoanRequest.safeParse({ ...valid, ...override }))).toEqual([[field, message]]);
  });
});

describe('ZLoanListQuery', () => {
  it('defaults to page 1 of 20 sorted by loan number ascending', () => {
    expect(ZLoanListQuery.parse({})).toEqual({
      page: 1,
      limit: 20,
      sort_by: 'loan_number',
      sort_direction: 'asc',
    });
  });

  it('refuses unknown statuses and sort fields', () => {
    expect(issuesOf(ZLoanListQuery.safeParse({ status: 'lost', sort_by: 'password' }))).toEqual([
      ['status', 'Unknown loan status'],
      ['sort_by', 'Unknown sort field'],
    ]);
  });
});

describe('ZForecloseRequest', () => {
  it('requires a type and a reason from the fixed list', () => {
    expect(issuesOf(ZForecloseRequest.safeParse({ reason: 'Bored' }))).toEqual([
      ['foreclosure_type', 'Foreclosure type is required'],
      ['reason', 'Please select a reason'],
    ]);
  });
});

import { expect } from 'vitest';
import type { LoanRow } from '../../src/db/schema';
import type { emiApi } from './emi-api';
import { type Headers, type LoanCast, loanForm, putLoan } from './loan-api';
import { createLoan } from './loans';
import type { TestApp } from './test-app';

type Api = ReturnType<typeof emiApi>;
type Answer = { statusCode: number; body: string };

/** 10:00 IST on a November 2026 day. */
export const novemberDay = (day: number) => new Date(`2026-11-${String(day).padStart(2, '0')}T04:30:00Z`);

/** Expects 200 and answers the parsed body. */
export const okBody = (response: Answer) => {
  expect(response.statusCode, response.body).toBe(200);
  return JSON.parse(response.body);
};

export const postJson = (t: TestApp, headers: Headers, url: string, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
    payload,
  });

type LoanTerms = { loan_amount: string; per_day_emi: string; total_emi_days: string; start_date: string };

/** The admin rewrites a loan of customer A to new terms (no reason given); expects 200. */
export const rewriteLoanOfA = async (t: TestApp, cast: LoanCast, loanId: number, terms: LoanTerms) =>
  okBody(
    await putLoan(t, cast.admin.headers, loanId, loanForm(cast.customerA.id, { ...terms, loan_reason: '' })),
  );

/**
 * The books tests' story: a ₹120 × 10 loan of agent A's customer from November `first`, collected on
 * its first three days (agent A in cash, agent A by UPI, the admin in cash), then edited to ₹1,000 at
 * ₹150 a day from the same start on the fourth day. `beforeEdit` runs between the two. The cast's
 * sessions end an hour after 12:00 IST on the 21st, so the story ends by that morning.
 */
export const threeDaysThenEdit = async (
  t: TestApp,
  cast: LoanCast,
  api: Api,
  first: number,
  beforeEdit: () => Promise<void> = async () => {},
): Promise<LoanRow> => {
  const startDate = `2026-11-${String(first).padStart(2, '0')}`;
  const { loan } = await createLoan(t.db, { customer: cast.customerA, startDate, totalEmiDays: 10 });
  const visits = [
    [cast.agentA.headers, 'cash'],
    [cast.agentA.headers, 'upi'],
    [cast.admin.headers, 'cash'],
  ] as const;
  for (const [index, [headers, mode]] of visits.entries()) {
    t.clock.set(novemberDay(first + index));
    okBody(await api.pay(headers, loan.id, index + 1, { payment_mode: mode }));
  }
  await beforeEdit();
  t.clock.set(novemberDay(first + 3));
  await rewriteLoanOfA(t, cast, loan.id, {
    loan_amount: '1000',
    per_day_emi: '150',
    total_emi_days: '10',
    start_date: startDate,
  });
  return loan;
};

/**
 * A ₹120 × 10 loan of agent A's customer from `startDate` (today), its first two EMIs collected by
 * agent A, then shrunk to ₹50 × 2 and paid from credit: closed with ₹140 of credit left to refund.
 */
export const closedWithCreditLeft = async (
  t: TestApp,
  cast: LoanCast,
  api: Api,
  startDate: string,
): Promise<LoanRow> => {
  const { loan } = await createLoan(t.db, { customer: cast.customerA, startDate, totalEmiDays: 10 });
  okBody(await api.pay(cast.agentA.headers, loan.id, 1, {}));
  okBody(await api.pay(cast.agentA.headers, loan.id, 2, {}));
  await rewriteLoanOfA(t, cast, loan.id, {
    loan_amount: '100',
    per_day_emi: '50',
    total_emi_days: '2',
    start_date: startDate,
  });
  okBody(await postJson(t, cast.admin.headers, `/api/loans/${loan.id}/apply-credit`, {}));
  return loan;
};

import { expect } from 'vitest';
import type { LoanRow } from '../../src/db/schema';
import { type emiApi, emiTestApp } from './emi-api';
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
const threeDaysThenEdit = async (
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
const closedWithCreditLeft = async (
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

/**
 * A test file's EMI app (see emiTestApp) with the books stories and a POST bound to it, so a test
 * names only what differs: the day a story starts on, the loan it acts on.
 */
export const booksTestApp = async () => {
  const app = await emiTestApp();
  const { t, cast, api } = app;
  const post = (headers: Headers, url: string, payload: object, key?: string) =>
    postJson(t, headers, url, payload, key);
  return {
    ...app,
    post,
    threeDaysThenEdit: (first: number, beforeEdit?: () => Promise<void>) =>
      threeDaysThenEdit(t, cast, api, first, beforeEdit),
    closedWithCreditLeft: (startDate: string) => closedWithCreditLeft(t, cast, api, startDate),
    /** The admin pays `amount` rupees of the loan's credit held back by UPI; expects 200. */
    refundByUpi: async (loanId: number, amount: number) =>
      okBody(await post(cast.admin.headers, `/api/loans/${loanId}/refund`, { amount, payment_mode: 'upi' })),
    /** A ₹120 × 10 loan of agent B's customer from 15 November, its EMI 1 bounced by agent B. */
    bouncedLoanOfB: async (): Promise<LoanRow> => {
      const { loan } = await createLoan(t.db, {
        customer: cast.customerB,
        startDate: '2026-11-15',
        totalEmiDays: 10,
      });
      okBody(await api.bounce(cast.agentB.headers, loan.id, 1, { bounce_reason: 'No cash' }));
      return loan;
    },
    /**
     * ₹75 in cash that agent B's phone collected at 09:30 IST on 21 November and could not apply (its
     * EMI was already paid), held as the loan's credit.
     */
    holdConflictCash: async (loanId: number) =>
      okBody(
        await post(cast.agentB.headers, `/api/loans/${loanId}/hold-cash`, {
          amount: 75,
          payment_mode: 'cash',
          collected_at: '2026-11-21T04:00:00.000Z',
          reason: 'EMI_ALREADY_PAID',
        }),
      ),
  };
};

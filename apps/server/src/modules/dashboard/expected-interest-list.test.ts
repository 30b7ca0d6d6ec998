import { DASHBOARD_BOOK_INTEREST_TOTALS } from '@lending/domain/testing';
import { describe, expect, it } from 'vitest';
import { dashboardBook } from '../../../test/support/dashboard-book';
import { createSignedInUser, createUser } from '../../../test/support/factories';
import { createLoan } from '../../../test/support/loans';

/** The book of test/support/dashboard-book.ts, "today" 2026-11-21 (IST). */
const { t, cast } = await dashboardBook();
const URL = '/api/stats/interest-metrics/emis';

const call = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `${URL}${query}`, headers });
const list = async (query = '') => {
  const response = await call(cast.admin.headers, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
/** Every row of the filter, page by page, to add up in paise what the page shows in rupees. */
const everyRow = async (query: string) => {
  const rows: { interest_share: number; amount: number; loan_code: string }[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await list(`?limit=7&page=${page}${query}`);
    rows.push(...answer.rows);
    if (page >= answer.totalPages) return { rows, answer };
  }
};
const paise = (rupees: number) => Math.round(rupees * 100);

describe('GET /api/stats/interest-metrics/emis: the EMIs behind "Expected this month"', () => {
  it('lists the month’s EMIs of lent loans, dated in order, foreclosed ones left out', async () => {
    const page = await list('?limit=50');
    expect(page.month).toBe('2026-11');
    // P's 30 EMIs of November, Q's 11 from the 20th, F's EMI 1 (its other nine were foreclosed).
    expect([page.total, page.totalPages, page.rows.length]).toEqual([42, 1, 42]);
    const dates = page.rows.map((row: { emi_date: string }) => row.emi_date);
    expect(dates).toEqual([...dates].sort());
    expect(page.rows.filter((row: { loan_status: string }) => row.loan_status === 'closed')).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({
      emi_date: '2026-11-01',
      amount: 120,
      interest_share: 20,
      loan_rate: 20,
    });
    expect(page.totals).toEqual(DASHBOARD_BOOK_INTEREST_TOTALS);
  });

  it("splits a loan's rounded interest over its EMIs so the shares add up to it to the paisa", async () => {
    // ₹1,000 at ₹37 × 30: interest ₹110, so each EMI carries 3.6667 rupees of interest.
    await createLoan(t.db, {
      customer: cast.customerB,
      loanAmountPaise: 100_000,
      perDayEmiPaise: 3_700,
      totalEmiDays: 30,
      startDate: '2026-11-10',
    });
    const { rows, answer } = await everyRow('');
    const odd = rows.filter((row) => row.amount === 37);
    expect(odd).toHaveLength(21); // the 10th to the 30th
    expect(new Set(odd.map((row) => row.interest_share))).toEqual(new Set([3.66, 3.67]));
    // round(21 × 3,700 × 11,000 ÷ 111,000) = 7,700 paise, whatever the per-EMI rounding.
    expect(odd.reduce((sum, row) => sum + paise(row.interest_share), 0)).toBe(7_700);
    const sum = rows.reduce((total, row) => total + paise(row.interest_share), 0);
    expect(sum).toBe(paise(answer.totals.expectedInterest));
    expect(answer.totals.expectedInterest).toBe(907);
    const figures = await t.app.inject({
      method: 'GET',
      url: '/api/stats/interest-metrics',
      headers: cast.admin.headers,
    });
    expect(figures.json().expectedInterest).toBe(907);
  });

  it('filters by month, loan status and search in SQL, totals over the whole filter', async () => {
    const october = await list('?month=2026-10');
    expect([october.total, october.totals.expectedInterest]).toEqual([2, 40]); // P's 30th and 31st
    const closed = await list('?status=closed');
    expect([closed.total, closed.totals.expectedInterest, closed.totals.averageRate]).toEqual([1, 10, 8.33]);
    // A narrowed list does not claim the whole book's collections.
    expect([closed.totals.collectedInterest, closed.totals.collectedVsExpected]).toEqual([null, null]);
    const byCode = await list(`?search=${encodeURIComponent(closed.rows[0].loan_code)}`);
    expect(byCode.total).toBe(1);
    expect((await list('?month=2031-01')).totals).toMatchObject({
      expectedInterest: 0,
      averageRate: 0,
      loans: 0,
    });
  });

  it('lists and totals a search naming many loans (matched per row) as one naming few (looked up by id)', async () => {
    const borrower = await createUser(t.db, { name: 'Bahula Rinvala' });
    const many = [];
    for (let index = 0; index < 203; index += 1) {
      many.push(
        (await createLoan(t.db, { customer: borrower, startDate: '2026-12-05', totalEmiDays: 1 })).loan,
      );
    }
    const named = await everyRow('&month=2026-12&search=rinvala');
    expect(named.answer.total).toBe(203);
    expect(named.answer.totals.loans).toBe(203);
    const shares = named.rows.reduce((sum, row) => sum + paise(row.interest_share), 0);
    expect(shares).toBe(paise(named.answer.totals.expectedInterest));
    expect(new Set(named.rows.map((row) => row.loan_code)).size).toBe(203);
    const one = await list(`?month=2026-12&search=${many[7]?.loanCode}`);
    expect([one.total, one.totals.loans, one.rows[0]?.loan_code]).toEqual([1, 1, many[7]?.loanCode]);
    const each = one.totals.expectedInterest;
    expect(named.answer.totals.expectedInterest).toBeCloseTo(each * 203, 2);
    const nobody = await list('?month=2026-12&search=LN9999999');
    expect([nobody.total, nobody.rows, nobody.totals.loans]).toEqual([0, [], 0]);
  });

  it('is for admins and superadmins only: agents and borrowers 403, no session 401', async () => {
    expect((await call(cast.agentA.headers)).statusCode).toBe(403);
    const borrower = await createSignedInUser(t, { role: 'user' });
    expect((await call(borrower.headers)).statusCode).toBe(403);
    const superadmin = await createSignedInUser(t, { role: 'superadmin' });
    expect((await call(superadmin.headers)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it.each([
    ['?month=2026-13', 'month must be a calendar month as YYYY-MM between 2000-01 and 2099-12'],
    ['?month=1999-12', 'month must be a calendar month as YYYY-MM between 2000-01 and 2099-12'],
    ['?month=2026-11-01', 'month must be a calendar month as YYYY-MM between 2000-01 and 2099-12'],
    ['?status=pending_acceptance', 'status must be one of lent, approved, closed, default'],
    ['?limit=0', 'limit must be between 1 and 1000'],
    ['?page=-1', 'page must be a positive integer'],
  ])('%s: 400 with a clear message', async (query, message) => {
    const response = await call(cast.admin.headers, query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(response.json())).toContain(message);
  });
});

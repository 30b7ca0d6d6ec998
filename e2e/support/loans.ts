import { expect, type Page } from '@playwright/test';

/** The server's business date (playwright.config.ts BUSINESS_DATE). */
export const BUSINESS_DATE = '2026-11-21';

/** Four days before the business date: a loan started then has EMIs 1–4 overdue today. */
export const FOUR_DAYS_AGO = '2026-11-17';

export type TCreatedLoan = { id: number; loan_code: string };

/**
 * Creates and approves, through the API as the signed-in page's user, a 30-day loan of ₹500 a day
 * for a demo customer, starting on `startDate`.
 */
export const createApprovedLoan = async (
  page: Page,
  customerName: string,
  options: { startDate: string; paymentMethod: string },
): Promise<TCreatedLoan> => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const users = await page.request.get('/api/users', { headers, params: { role: 'user', limit: 1000 } });
  expect(users.ok()).toBe(true);
  const customer = ((await users.json()).users as { id: number; name: string }[]).find(
    (user) => user.name === customerName,
  );
  expect(customer, `demo customer ${customerName}`).toBeDefined();
  const fields = {
    customer_id: customer?.id,
    loan_amount: 12000,
    per_day_emi: 500,
    total_emi_days: 30,
    start_date: options.startDate,
    payment_method: options.paymentMethod,
  };
  const created = await page.request.post('/api/loans', { headers, data: fields });
  expect(created.status()).toBe(201);
  const { loan } = (await created.json()) as { loan: TCreatedLoan };
  const approved = await page.request.put(`/api/loans/${loan.id}`, {
    headers,
    data: { ...fields, status: 'approved' },
  });
  expect(approved.ok()).toBe(true);
  return loan;
};

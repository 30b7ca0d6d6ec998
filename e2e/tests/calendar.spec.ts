import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAs } from '../support/session';

/** Picks an option of a Mantine select inside `scope`. */
const choose = async (page: Page, scope: Locator, label: string, option: string | RegExp) => {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
};

/** Payments Due of one day, searched down to one loan: how many of its EMIs fall that day. */
const dueRowsOn = async (page: Page, day: string, loanCode: string) => {
  await page.goto(`/admin/payments-due?date=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payments Due' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(loanCode);
  await expect(page.getByTestId('due-table-title')).toBeVisible();
  return page.getByTestId('due-row').filter({ hasText: new RegExp(`${loanCode}(?!\\d)`) });
};

test.describe('Loan products and the collection calendar', () => {
  test('a Monday-to-Saturday product, a loan from it that skips Sundays, and a holiday that moves its due list', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const stamp = Date.now();
    const productName = `Mon–Sat e2e ${stamp}`;
    await signInAs(page, 'superadmin');

    // The product: Sundays off, the EMI typed for each loan.
    await page.goto('/admin/loan-products');
    await page.getByRole('button', { name: 'Add product' }).click();
    const productForm = page.getByRole('dialog', { name: 'Add product' });
    await productForm.getByRole('textbox', { name: 'Product name' }).fill(productName);
    await productForm.getByRole('textbox', { name: 'Smallest amount (₹)' }).fill('1000');
    await productForm.getByRole('textbox', { name: 'Largest amount (₹)' }).fill('100000');
    await productForm.getByRole('radio', { name: 'Typed for each loan' }).check();
    await productForm.getByRole('textbox', { name: 'Shortest tenure (instalments)' }).fill('10');
    await productForm.getByRole('textbox', { name: 'Longest tenure (instalments)' }).fill('200');
    await productForm.getByRole('checkbox', { name: 'Sunday' }).check();
    await productForm.getByRole('button', { name: 'Add product' }).click();
    await expect(page.getByText('Loan product created')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: productName })).toContainText('Mon–Sat');

    // A loan from it: 12 instalments from Monday 23 November, end date past the skipped Sunday.
    await page.goto('/admin/loans');
    await page.getByRole('button', { name: 'Add Loan' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Loan' });
    await choose(page, form, 'Loan product', productName);
    await choose(page, form, 'Customer', /Kavita Jadhav/);
    await form.getByRole('textbox', { name: 'Loan Amount (₹)' }).fill('1000');
    await form.getByRole('textbox', { name: 'Daily EMI (₹)' }).fill('100');
    await form.getByRole('textbox', { name: 'Tenure (days)' }).fill('12');
    await form.getByRole('textbox', { name: 'Start Date' }).fill('23/11/2026');
    const method = `Cash e2e calendar ${stamp}`;
    await form.getByRole('textbox', { name: 'Payment Method' }).fill(method);
    await expect(form.getByTestId('loan-end-date')).toHaveValue('05/12/2026');
    await form.getByRole('button', { name: 'Create Loan' }).click();
    await expect(page.getByText('Loan created successfully')).toBeVisible();

    await page.getByRole('button', { name: 'Loan #' }).click();
    const row = page.getByRole('row').filter({ hasText: method });
    await expect(row).toBeVisible();
    // The first cell holds the row's position, then the loan code.
    const loanCode = (await row.locator('td').first().innerText()).split('\n').at(-1)?.trim() ?? '';
    expect(loanCode).toMatch(/^LN\d+$/);
    // Approved (Loan Details opens for a loan that runs), its third instalment is due on Wednesday the 25th.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const loans = await page.request.get('/api/loans', {
      headers: { Authorization: `Bearer ${token}` },
      params: { search: loanCode },
    });
    const loan = (
      (await loans.json()).loans as { id: number; loan_code: string; customer_id: number }[]
    ).find((l) => l.loan_code === loanCode);
    expect(loan).toBeDefined();
    const approved = await page.request.put(`/api/loans/${loan?.id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        customer_id: loan?.customer_id,
        loan_amount: 1000,
        per_day_emi: 100,
        total_emi_days: 12,
        start_date: '2026-11-23',
        payment_method: method,
        status: 'approved',
      },
    });
    expect(approved.ok()).toBe(true);
    await page.reload();
    const approvedRow = page.getByRole('row').filter({ hasText: method });
    await approvedRow.getByRole('button', { name: `View loan details ${loanCode}` }).click();
    const details = page.getByRole('dialog', { name: `Loan Details — ${loanCode}` });
    await expect(details.getByText(productName)).toBeVisible();
    const schedule = details.getByTestId('emi-schedule');
    await expect(schedule.getByTestId('emi-row')).toHaveCount(12);
    await expect(schedule).toContainText('28-11-2026');
    await expect(schedule).not.toContainText('29-11-2026');
    await expect(schedule).toContainText('30-11-2026');
    await page.keyboard.press('Escape');

    await expect(await dueRowsOn(page, '2026-11-25', loanCode)).toHaveCount(1);

    // The admin declares Wednesday the 25th a holiday: preview, then declare.
    await page.goto('/admin/holidays');
    await page.getByRole('button', { name: 'Declare holiday' }).click();
    const declare = page.getByRole('dialog', { name: 'Declare holiday' });
    await declare.getByRole('textbox', { name: 'Date' }).fill('25/11/2026');
    await declare.getByRole('textbox', { name: 'Name' }).fill('Guru Nanak Jayanti');
    await declare.getByRole('button', { name: 'Preview' }).click();
    const moves = declare.getByRole('table', { name: 'Instalments that move' });
    await expect(moves.getByRole('row').filter({ hasText: loanCode }).first()).toContainText('26-11-2026');
    await declare.getByRole('button', { name: 'Declare' }).click();
    await expect(page.getByText('Holiday declared')).toBeVisible();
    const holidayRow = page.getByTestId('holiday-row-2026-11-25');
    await expect(holidayRow).toContainText('Guru Nanak Jayanti');
    await expect(holidayRow).not.toContainText('Moving', { timeout: 30_000 });

    // The due list moved: nothing of the loan on the holiday, its third instalment on Thursday.
    await expect(await dueRowsOn(page, '2026-11-25', loanCode)).toHaveCount(0);
    const thursday = await dueRowsOn(page, '2026-11-26', loanCode);
    await expect(thursday).toHaveCount(1);
    await expect(thursday).toContainText('3');
  });
});

import { expect, test } from '@playwright/test';
import { createApprovedLoan } from '../support/loans';
import { signInAs } from '../support/session';

test.describe('The day-end close', () => {
  test('the superadmin closes a day on the Jobs screen and finds the late loan in the SMA/NPA register', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, 'superadmin');
    // ₹500 a day for 30 days from 1 October, nothing paid: 50 days past due at the end of 20 November.
    const loan = await createApprovedLoan(page, 'Kavita Jadhav', {
      startDate: '2026-10-01',
      paymentMethod: `Cash e2e close ${Date.now()}`,
    });

    await page.goto('/admin/jobs');
    const form = page.getByRole('form', { name: 'Close a business day' });
    await form.getByRole('textbox', { name: 'Business date' }).fill('20/11/2026');
    // The schedule may have closed the 20th when the server started: run it again.
    await form.getByLabel('Run again if already closed').check();
    await form.getByRole('button', { name: 'Close day' }).click();
    await expect(page.getByText('Day-end close of 20-11-2026 started')).toBeVisible();
    const row = page.getByTestId('close-row-2026-11-20');
    await expect(row).toContainText('Succeeded', { timeout: 60_000 });

    await page.goto('/admin/classification?date=2026-11-20&loanClass=sma1');
    await expect(page.getByRole('heading', { level: 1, name: 'SMA/NPA register' })).toBeVisible();
    const code = page.getByRole('link', { name: loan.loan_code });
    await expect(code).toBeVisible();
    await code.click();
    const details = page.getByRole('dialog');
    await expect(details.getByText('SMA-1').first()).toBeVisible();
    await expect(details.getByText('50', { exact: true })).toBeVisible();
  });
});

import { expect, test } from '@playwright/test';
import { BUSINESS_DATE, createApprovedLoan } from '../support/loans';
import { signInAs } from '../support/session';

test.describe('tables on a 1366 × 768 laptop', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("Loan Management keeps Status and Actions in view; a long payment method doesn't stretch its column", async ({
    page,
  }) => {
    await signInAs(page, 'superadmin');
    const method = `Bank transfer ${'reference-'.repeat(8)}${Date.now()}`.slice(0, 100);
    const loan = await createApprovedLoan(page, 'Kavita Jadhav', {
      startDate: BUSINESS_DATE,
      paymentMethod: method,
    });
    await page.goto('/admin/loans');
    await page.getByRole('button', { name: 'Loan #' }).click();
    const row = page.getByTestId(`loan-row-${loan.id}`);
    await expect(row).toBeVisible();

    const cells = row.getByRole('cell');
    const methodCell = cells.nth(5);
    await expect(methodCell.getByTitle(method)).toBeVisible();
    expect((await methodCell.boundingBox())?.width ?? 0).toBeLessThan(220);
    await expect(cells.nth(6)).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole('button', { name: `View loan details ${loan.loan_code}` })).toBeInViewport({
      ratio: 1,
    });
  });
});

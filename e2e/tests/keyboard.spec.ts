import { expect, type Locator, type Page, test } from '@playwright/test';
import { accounts } from '../support/accounts';
import { createApprovedLoan, FOUR_DAYS_AGO } from '../support/loans';
import { signInAs } from '../support/session';

/** Whether the page's focused element is the one `target` finds. */
const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/**
 * Presses Tab until `target` has the focus, as a keyboard user walks a screen, and fails when it is
 * not reached within `limit` presses (unreachable, or hidden behind a focus trap). A button reached so
 * must show where the focus is: Chromium draws the outline only for keyboard focus.
 */
const tabTo = async (page: Page, target: Locator, limit = 80) => {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses += 1) {
    if (await isFocused(target)) {
      const outline = await target.evaluate((element) =>
        element.tagName === 'BUTTON' ? getComputedStyle(element).outlineStyle : 'input',
      );
      expect(outline, 'a visible focus ring').not.toBe('none');
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached by ${limit} presses of Tab: ${target}`);
};

test.describe('By keyboard alone', () => {
  test('an agent signs in, collects an overdue loan and closes its receipt without a pointer', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const office = await browser.newPage();
    await signInAs(office, 'superadmin');
    const loan = await createApprovedLoan(office, 'Mohammed Shaikh', {
      startDate: FOUR_DAYS_AGO,
      paymentMethod: `Cash e2e keyboard ${Date.now()}`,
    });
    await office.close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();

    // Sign in: Tab to each field, type, Enter submits.
    await page.goto('/login');
    await tabTo(page, page.getByLabel(/email/i));
    await page.keyboard.type(accounts.agent.email);
    await tabTo(page, page.getByLabel(/^password/i));
    await page.keyboard.type(accounts.agent.password);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Login successful')).toBeVisible();
    await expect(page).toHaveURL(/\/agent-dashboard$/);

    // Find the loan among the overdue EMIs.
    await tabTo(page, page.getByRole('textbox', { name: 'Search' }));
    await page.keyboard.type(loan.loan_code);
    const row = page.getByTestId(`overdue-row-${loan.id}`);
    await expect(row).toContainText(loan.loan_code);
    await expect(row).toContainText('₹2,000');

    // Details, then Collect; each dialog holds the focus until it closes.
    await tabTo(page, row.getByRole('button', { name: `Details ${loan.loan_code}` }));
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: 'Overdue EMI Details' });
    await tabTo(page, details.getByRole('button', { name: 'Collect' }));
    await page.keyboard.press('Space');
    const collect = page.getByRole('dialog', { name: 'Collect Overdue Payment' });
    await expect(collect.getByTestId('collect-figures')).toContainText('Total Due₹2,000');
    await tabTo(page, collect.getByRole('textbox', { name: /Late Charges/ }));
    await page.keyboard.type('40');
    await expect(collect.getByTestId('collect-figures')).toContainText('Total to Collect₹2,040');
    await tabTo(page, collect.getByRole('button', { name: 'Record Collection' }));
    await page.keyboard.press('Enter');
    // The receipt, closed from the keyboard; the collected loan leaves the overdue list.
    const receipt = page.getByRole('dialog', { name: 'Payment Receipt' });
    await expect(receipt).toContainText('4 overdue EMIs collected: ₹2,040.');
    await tabTo(page, receipt.getByRole('button', { name: 'Close' }).last());
    await page.keyboard.press('Enter');
    await expect(receipt).toBeHidden();
    await expect(page.getByTestId(`overdue-row-${loan.id}`)).toHaveCount(0);
    await context.close();
  });
});

import fs from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAs } from '../support/session';

/** Picks an option of a Mantine select inside `scope`. */
const choose = async (page: Page, scope: Locator, label: string, option: string | RegExp) => {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
};

const cardValue = async (page: Page, label: string) =>
  Number((await page.getByTestId(`loan-card-${label}`).innerText()).replace(/\D/g, ''));

test.describe('Loan Management', () => {
  test('create, approve, see the schedule, export and foreclose a loan', async ({ page }) => {
    test.setTimeout(120_000);
    const method = `UPI e2e ${Date.now()}`;
    await signInAs(page, 'superadmin');
    await page.goto('/admin/loans');
    await expect(page.getByRole('heading', { name: 'Loan Management' })).toBeVisible();

    // Create: 100 days from the business date.
    await page.getByRole('button', { name: 'Add Loan' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Loan' });
    await choose(page, form, 'Customer', /Kavita Jadhav/);
    await form.getByRole('textbox', { name: 'Loan Amount (₹)' }).fill('50000');
    await form.getByRole('textbox', { name: 'Daily EMI (₹)' }).fill('600');
    await form.getByRole('textbox', { name: 'Tenure (days)' }).fill('100');
    await form.getByRole('textbox', { name: 'Start Date' }).fill('21/11/2026');
    await form.getByRole('textbox', { name: 'Payment Method' }).click();
    await expect(form.getByTestId('loan-end-date')).toHaveValue('28/02/2027');
    await form.getByRole('textbox', { name: 'Payment Method' }).fill(method);
    await form.getByRole('button', { name: 'Create Loan' }).click();
    await expect(page.getByText('Loan created successfully')).toBeVisible();
    await expect(form).toBeHidden();

    // The newest loan comes first when Loan # sorts descending.
    await page.getByRole('button', { name: 'Loan #' }).click();
    const row = page.getByRole('row').filter({ hasText: method });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Kavita Jadhav');
    await expect(row).toContainText('₹50,000');
    await expect(row).toContainText('₹600');
    await expect(row).toContainText('21-11-2026');
    await expect(row).toContainText('Pending');
    const loanCode = (await row.locator('td').first().innerText()).split('\n').at(-1)?.trim() ?? '';
    expect(loanCode).not.toBe('');

    // Approve through Edit.
    await row.getByRole('button', { name: `Edit loan ${loanCode}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Loan' });
    await choose(page, edit, 'Status', 'Approved');
    await edit.getByRole('button', { name: 'Update Loan' }).click();
    await expect(page.getByText('Loan updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Approved');

    // Loan Details: the 100-row schedule.
    await row.getByRole('button', { name: `View loan details ${loanCode}` }).click();
    const details = page.getByRole('dialog', { name: `Loan Details — ${loanCode}` });
    await expect(details.getByTestId('emi-count')).toHaveText('100 EMIs');
    await expect(details.getByTestId('emi-row')).toHaveCount(100);
    await expect(details.getByTestId('emi-row').first()).toContainText('21-11-2026');
    await expect(details.getByTestId('emi-row').last()).toContainText('28-02-2027');
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // Export CSV: the file holds the loan.
    await page.getByRole('button', { name: 'Export' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export as CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('loans_export.csv');
    const csv = await fs.readFile(await download.path(), 'utf8');
    expect(csv).toContain(loanCode);
    expect(csv).toContain(method);
    await expect(page.getByText('Loans exported successfully')).toBeVisible();

    // Foreclose in full: the loan closes and counts as completed.
    const completedBefore = await cardValue(page, 'Completed');
    await row.getByRole('button', { name: `Foreclose loan ${loanCode}` }).click();
    const foreclose = page.getByRole('dialog', { name: `Foreclose Loan — ${loanCode}` });
    await expect(foreclose.getByTestId('foreclosure-figures')).toContainText('₹60,000.00');
    await expect(foreclose.getByRole('combobox', { name: 'Foreclosure Type' })).toHaveValue('Full Payment');
    await choose(page, foreclose, 'Reason', 'Customer Request');
    await foreclose.getByRole('button', { name: 'Foreclose Loan' }).click();
    await expect(foreclose).toBeHidden();
    await expect(row).toContainText('Closed');
    await expect.poll(() => cardValue(page, 'Completed')).toBe(completedBefore + 1);

    // A closed loan: foreclosure details, and editing is refused.
    await row.getByRole('button', { name: `Foreclosure details ${loanCode}` }).click();
    const facts = page.getByRole('dialog', { name: `Foreclosure Details — ${loanCode}` });
    await expect(facts).toContainText('Full Payment');
    await expect(facts).toContainText('Customer Request');
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: `Edit loan ${loanCode}` }).click();
    await expect(
      page
        .getByRole('dialog', { name: 'Edit Loan' })
        .getByRole('button', { name: 'Cannot Update - Loan Foreclosed' }),
    ).toBeDisabled();
  });
});

import { expect, test } from '@playwright/test';
import { accounts } from '../support/accounts';
import { signInAs } from '../support/session';

test.describe('upgrades and sessions', () => {
  test('the superadmin marks an update required, then permits it', async ({ page }) => {
    await signInAs(page, 'superadmin');
    await page.goto('/admin/upgrade-management');
    // The form is filled from the loaded status, so wait for it first.
    await expect(page.getByTestId('update-current-status')).toContainText('Unknown');
    const form = page.getByTestId('update-status-form');
    await form.getByRole('textbox', { name: /Required Version/ }).fill('2.0.0');
    await form.getByRole('textbox', { name: /Current Version/ }).fill('1.0.0');
    await expect(form.getByRole('combobox', { name: /Status/ })).toHaveValue('Required');
    await form.getByRole('button', { name: 'Update Status' }).click();
    await expect(page.getByTestId('update-message')).toHaveText('Upgrade status updated successfully!');
    await expect(page.getByTestId('update-current-status')).toContainText('Required');

    await page.getByRole('button', { name: 'Permit' }).first().click();
    await expect(page.getByTestId('update-current-status')).toContainText('Permitted');
    await expect(page.getByRole('button', { name: 'Mark Up to Date' }).first()).toBeVisible();

    // The dashboard's banner tells the same status.
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('software-update-banner')).toContainText('Required version: 2.0.0');
  });

  test('Token Management lists the signed-in superadmin’s own session', async ({ page }) => {
    await signInAs(page, 'superadmin');
    await page.goto('/admin/token-management');
    const own = page.getByRole('row').filter({ hasText: 'Current session' });
    await expect(own).toContainText(accounts.superadmin.email);
    await expect(own).toContainText('Just now');
    await expect(page.getByTestId('token-card-Active')).not.toContainText(/^Active0$/);
  });
});

test.describe('background jobs', () => {
  test('the superadmin exports everything from the Jobs screen and downloads the zip', async ({ page }) => {
    await signInAs(page, 'superadmin');
    await page.goto('/admin/jobs');
    await page.getByRole('button', { name: 'Export everything' }).click();
    // The job's page opens and follows the job until it is done.
    const job = page.getByTestId('page-job');
    await expect(job).toContainText('Export everything');
    await expect(job.getByText('Succeeded')).toBeVisible({ timeout: 60_000 });
    const link = page.getByTestId('job-result').getByRole('link', { name: 'Download' });
    const download = page.waitForEvent('download');
    await link.click();
    expect((await download).suggestedFilename()).toMatch(/^book-export-\d{4}-\d{2}-\d{2}T\d{4}Z\.zip$/);
    const bytes = await (await download).createReadStream();
    const first = await new Promise<Buffer>((resolve) =>
      bytes.once('data', (chunk) => resolve(chunk as Buffer)),
    );
    expect(first.subarray(0, 2).toString()).toBe('PK');

    // The list shows it too, with who started it.
    await page.goto('/admin/jobs');
    await expect(page.getByRole('link', { name: /Export everything/ }).first()).toBeVisible();
  });
});

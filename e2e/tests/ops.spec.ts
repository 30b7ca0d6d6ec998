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

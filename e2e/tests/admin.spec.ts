import { expect, test } from '@playwright/test';
import { signInAs } from '../support/session';

test.describe('Administration', () => {
  test('the superadmin creates a role with two permissions and sees it in the table', async ({ page }) => {
    await signInAs(page, 'superadmin');
    await page.goto('/admin/roles');
    await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();

    // A name unique to this run, so a re-run on the same data dir cannot collide.
    const name = `Branch Lead ${Date.now() % 100_000}`;
    await page.getByRole('button', { name: 'Add Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Role' });
    await dialog.getByLabel(/Role Name/).fill(name);
    await dialog.getByLabel('Description').fill('Reads loans and credit reports');
    await dialog.getByRole('checkbox', { name: 'Loans: Read' }).check();
    await dialog.getByRole('checkbox', { name: 'Reports: Read' }).check();
    await dialog.getByRole('button', { name: 'Create' }).click();

    await expect(page.getByText('Role created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('roles-table').getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Custom');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('2 permissions');
  });
});

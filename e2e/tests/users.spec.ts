import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAs } from '../support/session';

/** A real 1×1 PNG: the server checks the first bytes and the browser must be able to draw it. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Whether an <img> really loaded (a broken link has no natural size). */
const imageLoaded = (image: Locator) =>
  image.evaluate(
    (element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0,
  );

const uniqueMobile = () => `9${String(Date.now()).slice(-9)}`;

const pickReference = async (page: Page, modal: Locator, search: string, option: RegExp) => {
  await modal.getByRole('combobox', { name: 'Reference Customer' }).fill(search);
  await page.getByRole('option', { name: option }).click();
};

test('an admin creates a user with a profile picture and sees it in the table and the gallery', async ({
  page,
}) => {
  const stamp = Date.now();
  const name = `Lakshmi Iyer ${stamp}`;
  const email = `lakshmi.${stamp}@example.com`;
  await signInAs(page, 'admin');
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Users Management' })).toBeVisible();

  await page.getByRole('button', { name: '+ Add User' }).click();
  const modal = page.getByRole('dialog', { name: 'Add New User' });
  await expect(modal).toBeVisible();
  await modal.getByLabel(/^Name/).fill(name);
  await modal.getByLabel(/^Email/).fill(email);
  await modal.getByLabel(/^Password/).fill('secret123');
  await modal.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'User', exact: true }).click();
  await expect(modal.getByText('Selected:')).toBeVisible();
  await modal.getByLabel(/^Mobile/).fill(uniqueMobile());
  await modal.getByLabel(/^Address/).fill('Flower market, Shivajinagar');
  await pickReference(page, modal, 'Sunita', /Sunita Pawar/);
  await modal
    .locator('input[type="file"][name="profile_pic"]')
    .setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: TINY_PNG });
  await modal.getByRole('button', { name: 'Create' }).click();

  await expect(page.getByText('User created successfully')).toBeVisible();
  await expect(modal).toBeHidden();

  // Newest first: the new user is on the first page, with the picture as its avatar.
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByText(email)).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  const avatar = row.getByRole('img', { name });
  await expect(avatar).toBeVisible();
  await expect.poll(() => imageLoaded(avatar)).toBe(true);

  // The avatar opens the gallery over the user's documents.
  await row.getByRole('button', { name: `View documents of ${name}` }).click();
  const gallery = page.getByRole('dialog', { name: /Profile Picture/ });
  await expect(gallery).toBeVisible();
  await expect(gallery.getByTestId('gallery-position')).toHaveText('1 of 1');
  const shown = gallery.getByRole('img', { name: 'Profile Picture' });
  await expect.poll(() => imageLoaded(shown)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(gallery).toBeHidden();

  // The server search finds the user too.
  await page.getByPlaceholder('Search users by name or email...').fill(email);
  await expect(page.getByText('1 total users')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
});

test('an agent adds a customer and finds it under My Customers', async ({ page }) => {
  const stamp = Date.now();
  const name = `Farida Khan ${stamp}`;
  const email = `farida.${stamp}@example.com`;
  await signInAs(page, 'agent', '/login');
  await page.goto('/agent/customers');
  await expect(page.getByRole('heading', { name: 'My Customers' })).toBeVisible();
  const totalBefore = await page.getByText(/^Total: \d+ customers$/).textContent();
  const countBefore = Number(totalBefore?.match(/\d+/)?.[0]);

  await page.getByRole('button', { name: '+ Add Customer' }).click();
  const modal = page.getByRole('dialog', { name: 'Add New Customer' });
  await expect(modal.getByText('User (Agents can only create customer accounts)')).toBeVisible();
  await expect(modal.getByLabel(/Password/)).toHaveCount(0);

  // The reference customer is required for agents.
  await modal.getByLabel(/^Name/).fill(name);
  await modal.getByLabel(/^Email/).fill(email);
  await modal.getByLabel(/^Mobile/).fill(uniqueMobile());
  await modal.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Please fix the errors in the form')).toBeVisible();
  await expect(modal.getByText('Reference customer is required')).toBeVisible();

  await pickReference(page, modal, 'Mohammed', /Mohammed Shaikh/);
  await modal.getByLabel(/^Address/).fill('Bangle shop, Hadapsar');
  await modal.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('User created successfully')).toBeVisible();
  await expect(modal).toBeHidden();

  await expect(page.getByText(`Total: ${countBefore + 1} customers`)).toBeVisible();
  await page.getByPlaceholder('Search customers by name or email...').fill('FARIDA');
  await expect(page.getByText(`Showing 1 of ${countBefore + 1} customers`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();

  // Customer Details: read-only, the reference as saved, no Update button.
  await row.getByRole('button', { name: `View details of ${name}` }).click();
  const details = page.getByRole('dialog', { name: 'Customer Details' });
  await expect(details.getByLabel(/^Name/)).toHaveValue(name);
  await expect(details.getByLabel(/^Name/)).toHaveAttribute('readonly', '');
  await expect(details.getByRole('combobox', { name: 'Reference Customer' })).toHaveValue(/Mohammed Shaikh/);
  await expect(details.getByRole('button', { name: 'Update' })).toHaveCount(0);
});

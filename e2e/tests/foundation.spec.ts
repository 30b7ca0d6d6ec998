import { expect, test } from '@playwright/test';
import { accounts } from '../support/accounts';
import { signInAs } from '../support/session';

test.describe('signing in and landing', () => {
  test('the superadmin lands on the admin dashboard', async ({ page }) => {
    await signInAs(page, 'superadmin');
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('admin-shell')).toBeVisible();
  });

  test('an agent lands on the agent dashboard', async ({ page }) => {
    await signInAs(page, 'agent', '/login');
    await expect(page).toHaveURL('/agent-dashboard');
    await expect(page.getByTestId('agent-shell')).toBeVisible();
  });

  test('a borrower sent to an admin route sees the unauthorized screen', async ({ page }) => {
    await signInAs(page, 'user');
    await expect(page).toHaveURL('/my-loans');
    await page.goto('/admin/users');
    await expect(page).toHaveURL('/unauthorized');
    await expect(page.getByText('Unauthorized Access')).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  });

  test('a wrong password is refused with the server message', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel(/email/i).fill(accounts.admin.email);
    await page.getByLabel(/^password/i).fill('not-the-password');
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect(page.getByTestId('login-error')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL('/admin/login');
  });

  test('the sign-in form checks the e-mail on blur', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel(/email/i).fill('not-an-email');
    await page.getByLabel(/^password/i).focus();
    await expect(page.getByText('Invalid email address')).toBeVisible();
  });
});

test.describe('guards and redirects', () => {
  test('signed-out visitors are sent to the admin sign-in', async ({ page }) => {
    for (const path of ['/admin/dashboard', '/', '/no-such-page', '/agent-dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL('/admin/login');
    }
  });

  test('legacy paths redirect under /admin', async ({ page }) => {
    await signInAs(page, 'superadmin');
    const cases: [string, string, string][] = [
      ['/loans', '/admin/loans', 'Loan Management'],
      ['/agent-collections', '/admin/loans/agent-collections', 'Agent Collections'],
      ['/support-messages', '/admin/support-messages', 'Support Messages'],
      ['/users', '/admin/users', 'Users Management'],
    ];
    for (const [from, to, title] of cases) {
      await page.goto(from);
      await expect(page).toHaveURL(to);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
  });

  test('an admin who is not superadmin cannot open superadmin screens', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/admin/audit-logs');
    await expect(page).toHaveURL('/unauthorized');
  });
});

test('logout clears the session and says so', async ({ page }) => {
  await signInAs(page, 'superadmin');
  await page.getByRole('button', { name: /open profile menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/admin/login');
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL('/admin/login');
});

test('a visitor registers as a borrower and lands on their loans', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  const email = `new.borrower.${Date.now()}@example.com`;
  await page.getByLabel(/full name/i).fill('Geeta Kulkarni');
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/mobile number/i).fill('9812345678');
  await page.getByLabel(/address/i).fill('Flower stall, Swargate');
  await page.getByLabel(/^password/i).fill('secret123');
  await page.getByLabel(/confirm password/i).fill('secret123');
  await page.getByRole('button', { name: /create account|register/i }).click();
  await expect(page).toHaveURL('/my-loans');
  await expect(page.getByRole('heading', { name: 'My Loans' })).toBeVisible();
});

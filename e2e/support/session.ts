import { expect, type Page } from '@playwright/test';
import { type AccountName, accounts } from './accounts';

/** Signs in through the sign-in screen, as a person would. */
export const signInAs = async (page: Page, who: AccountName, path = '/admin/login') => {
  const { email, password } = accounts[who];
  await page.goto(path);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
};

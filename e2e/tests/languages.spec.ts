import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { accounts } from '../support/accounts';

const SHOTS = 'test-results/screens';

test.describe('Languages', () => {
  for (const { language, name, title, submit, refused } of [
    {
      language: 'hi',
      name: 'हिन्दी',
      title: 'फिर से स्वागत है',
      submit: 'साइन इन करें',
      refused: 'ईमेल या पासवर्ड गलत है',
    },
    {
      language: 'mr',
      name: 'मराठी',
      title: 'पुन्हा स्वागत आहे',
      submit: 'साइन इन करा',
      refused: 'ईमेल किंवा पासवर्ड चुकीचा आहे',
    },
    {
      language: 'ta',
      name: 'தமிழ்',
      title: 'மீண்டும் வருக',
      submit: 'உள்நுழை',
      refused: 'மின்னஞ்சல் அல்லது கடவுச்சொல் தவறு',
    },
  ])
    test(`the sign-in page in ${name} on a 390 px phone, kept for the next visit`, async ({ page }) => {
      await fs.mkdir(SHOTS, { recursive: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/login');
      await page.getByRole('combobox', { name: 'Language' }).selectOption(language);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // The script's own font draws it, wherever the device has none (no empty boxes).
      await page.evaluate(() => document.fonts.ready);
      const fontsUsed = await page.evaluate(() =>
        [...document.fonts].filter((font) => font.status === 'loaded').map((font) => font.family),
      );
      expect(fontsUsed.join(',')).toContain(language === 'ta' ? 'Noto Sans Tamil' : 'Noto Sans Devanagari');
      // Longer words must not push the page sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/sign-in-${language}-390.png` });

      // The choice outlives a reload; a wrong password is refused in the language.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await page.getByRole('textbox').first().fill(accounts.agent.email);
      await page.locator('input[type=password]').fill('wrong-password');
      await page.getByRole('button', { name: submit }).click();
      await expect(page.getByTestId('login-error')).toHaveText(refused);
    });
});

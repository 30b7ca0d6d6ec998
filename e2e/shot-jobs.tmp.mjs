import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3400';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  const page = await browser.newPage({ viewport });
  await page.goto(`${base}/admin/login`);
  await page.getByLabel(/email/i).fill('admin@example.com');
  await page.getByLabel(/password/i).first().fill('admin123');
  await page.getByRole('button', { name: /sign in|login/i }).click();
  await page.waitForURL(/dashboard/);
  await page.goto(`${base}/admin/jobs`);
  await page.getByRole('button', { name: 'Export everything' }).waitFor();
  if (name === 'desktop') await page.getByRole('button', { name: 'Export everything' }).click();
  else await page.getByRole('link', { name: /Export everything/ }).first().click();
  await page.getByTestId('job-result').waitFor({ timeout: 120000 });
  await page.screenshot({ path: `/tmp/shots/job-${name}.png`, fullPage: true });
  await page.goto(`${base}/admin/jobs`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/jobs-${name}.png`, fullPage: true });
  await page.close();
}
await browser.close();

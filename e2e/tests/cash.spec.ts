import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { BUSINESS_DATE, createApprovedLoan } from '../support/loans';
import { stillFrame } from '../support/screens';
import { signInAs } from '../support/session';

const SHOTS = 'test-results/screens';

// The collector here is admin Anita, whom no other spec pays as: closing her day refuses her payments.
test.describe('Cash custody', () => {
  test('a collector hands over cash with a shortfall, the day is closed, and a later payment is refused', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    await fs.mkdir(SHOTS, { recursive: true });

    // Anita collects two EMIs in cash (₹1,000) at the office.
    const counter = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const anitaPage = await counter.newPage();
    await signInAs(anitaPage, 'admin');
    const loan = await createApprovedLoan(anitaPage, 'Kavita Jadhav', {
      startDate: BUSINESS_DATE,
      paymentMethod: `Cash e2e custody ${Date.now()}`,
    });
    const token = await anitaPage.evaluate(() => localStorage.getItem('token'));
    const headers = { Authorization: `Bearer ${token}` };
    for (const emi of [1, 2]) {
      const paid = await anitaPage.request.post(`/api/emi/pay/${loan.id}/${emi}`, {
        headers,
        data: { payment_type: 'full', payment_mode: 'cash' },
      });
      expect(paid.ok(), await paid.text()).toBe(true);
    }

    // The superadmin sees her cash in hand and records the handover: ₹1,000 by the books, ₹990 counted.
    const office = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await office.newPage();
    await signInAs(page, 'superadmin');
    await page.getByRole('link', { name: 'Cash in Hand' }).click();
    await expect(page).toHaveURL(/\/admin\/cash$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cash in Hand' })).toBeVisible();
    const row = page.locator('[data-testid^="cash-row-"]').filter({ hasText: 'Anita' });
    await expect(row).toContainText('₹1,000.00');
    await stillFrame(page);
    await page.screenshot({ path: `${SHOTS}/cash-in-hand.png`, fullPage: true });

    await row.getByRole('button', { name: 'Hand over' }).click();
    const form = page.getByRole('dialog', { name: 'Cash handover' });
    await form.getByRole('textbox', { name: /Cash counted/ }).fill('990');
    await expect(form.getByTestId('handover-difference')).toContainText('Shortfall of ₹10.00');
    await form.getByRole('button', { name: 'Record handover' }).click();
    await expect(page.getByText('The cash counted differs')).toBeVisible();
    await form.getByRole('textbox', { name: /Reason for the difference/ }).fill('One ₹10 note missing');
    await page.screenshot({ path: `${SHOTS}/cash-handover.png` });
    await form.getByRole('button', { name: 'Record handover' }).click();
    await expect(page.getByText('Handover recorded')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(row).toContainText('₹0.00');

    // Closing her day fixes the figures; the report lists it.
    await row.getByRole('button', { name: 'Close day' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close day' }).click();
    await expect(page.getByText('Business day closed')).toBeVisible();
    await expect(row).toContainText('Day closed');

    await page.getByRole('link', { name: 'Day close report' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Day Close Report' })).toBeVisible();
    const closed = page.locator('[data-testid^="day-close-"]').filter({ hasText: 'Anita' });
    await expect(closed).toContainText('21-11-2026');
    await expect(closed).toContainText('₹1,000.00');
    await expect(closed).toContainText('₹-10.00');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toBe(`day_closes_${BUSINESS_DATE}.csv`);
    await stillFrame(page);
    await page.screenshot({ path: `${SHOTS}/day-close-report.png`, fullPage: true });

    // After the close, Anita's next collection today is refused.
    const late = await anitaPage.request.post(`/api/emi/pay/${loan.id}/3`, {
      headers,
      data: { payment_type: 'full', payment_mode: 'cash' },
    });
    expect(late.status()).toBe(409);
    expect((await late.json()).code).toBe('CASH_DAY_CLOSED');

    await counter.close();
    await office.close();
  });
});

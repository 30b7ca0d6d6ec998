import { expect, type Page, test } from '@playwright/test';
import { BUSINESS_DATE, createApprovedLoan } from '../support/loans';
import { stillFrame } from '../support/screens';
import { signInAs } from '../support/session';

/** A dashboard figure's value as a number ('₹1,23,456' → 123456). */
const figure = async (page: Page, label: string): Promise<number> => {
  const value = page.getByTestId(`figure-${label}`).getByTestId('figure-value');
  await expect(value).not.toHaveText('');
  return Number((await value.innerText()).replace(/[₹,]/g, ''));
};

const figures = async (page: Page) => ({
  principal: await figure(page, 'Total Principal Amount'),
  recovered: await figure(page, 'Amount Recovered'),
  dueToday: await figure(page, "Today's EMIs Count"),
  collectedToday: await figure(page, 'Total Amount Collected Today'),
});

/** Waits until every dashboard call has answered (the figures are 0 until then). */
const openDashboard = async (page: Page) => {
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('system-overall')).toBeVisible();
  await page.waitForLoadState('networkidle');
};

test.describe('The admin dashboard', () => {
  test('moves by exactly what a new loan and its first payment add, and draws its charts', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAs(page, 'superadmin');
    await openDashboard(page);
    const before = await figures(page);

    // ₹12,000 at ₹500 a day for 30 days, starting today: EMI 1 is due today; pay it.
    const loan = await createApprovedLoan(page, 'Sunita Pawar', {
      startDate: BUSINESS_DATE,
      paymentMethod: `Cash e2e dashboard ${Date.now()}`,
    });
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const paid = await page.request.post(`/api/emi/pay/${loan.id}/1`, {
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `dashboard-${loan.id}` },
      data: { payment_mode: 'cash' },
    });
    expect(paid.ok()).toBe(true);

    await openDashboard(page);
    expect(await figures(page)).toEqual({
      principal: before.principal + 12_000,
      recovered: before.recovered + 500,
      dueToday: before.dueToday + 1,
      collectedToday: before.collectedToday + 500,
    });
    // Real charts: the drawing library renders SVG in the browser, once a person scrolls down to
    // them (they are drawn only when they come near the screen).
    const charts = page.getByTestId('charts-placeholder');
    if ((await charts.count()) > 0) await charts.scrollIntoViewIfNeeded();
    await expect(page.getByTestId('recovery-chart').locator('svg.recharts-surface')).toBeVisible();
    await expect(page.getByTestId('cash-flow-chart').locator('svg.recharts-surface')).toBeVisible();
    await expect(page.getByTestId('activity-item').first()).toContainText('Sunita Pawar');
    await expect(page.getByTestId('system-service').filter({ hasText: 'Database' })).toContainText(
      'operational',
    );
    await stillFrame(page);
    await page.screenshot({ path: 'test-results/screens/dashboard-desktop.png', fullPage: true });
  });

  test('a money figure opens the report it summarises, whose total is the figure', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAs(page, 'superadmin');
    await openDashboard(page);
    const amount = async (card: string) => {
      const value = page.getByTestId(`collections-card-${card}`).locator('p').nth(1);
      return Number((await value.innerText()).replace(/[₹,]/g, ''));
    };
    for (const [label, card] of [
      ['Amount Recovered', 'Instalments Recovered'],
      ['Total Revenue', 'Revenue'],
    ] as const) {
      await openDashboard(page);
      const shown = await figure(page, label);
      // The book holds a payment, so a 0 here would be a figure read before it arrived.
      expect(shown).toBeGreaterThan(0);
      const report = page.waitForResponse((response) =>
        response.url().includes('/api/loans/agent/collection-report?'),
      );
      await page.getByTestId(`figure-${label}`).getByTestId('figure-value').getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Agent Collections' })).toBeVisible();
      expect(new URL((await report).url()).searchParams.get('kind')).toBe('cash');
      // The card shows its figure once the report's totals have arrived: wait for it, not for the network.
      await expect.poll(() => amount(card)).toBe(shown);
    }
  });

  test("the Interest panel's month figures open the month's EMIs, whose totals are the figures", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAs(page, 'superadmin');
    await openDashboard(page);
    const panel = page.getByTestId('summary-Interest');
    const line = (label: string) => panel.getByText(label).locator('xpath=..').getByRole('link');
    const expected = await line('Expected this month').innerText();
    const rate = await line('Average rate').innerText();
    await line('Expected this month').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Expected interest' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('expected-interest-Expected interest')).toContainText(expected);
    await expect(page.getByTestId('expected-interest-Average rate')).toContainText(rate);
    await stillFrame(page);
    await page.screenshot({ path: 'test-results/screens/expected-interest.png', fullPage: true });
  });
});

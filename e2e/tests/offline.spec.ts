import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { createApprovedLoan, FOUR_DAYS_AGO, type TCreatedLoan } from '../support/loans';
import { signInAs } from '../support/session';

const SHOTS = 'test-results/screens';

const overdueLoan = (admin: Page, customer: string): Promise<TCreatedLoan> =>
  createApprovedLoan(admin, customer, {
    startDate: FOUR_DAYS_AGO,
    paymentMethod: `Cash e2e offline ${Date.now()}`,
  });

/** The collections report's records of one loan, read as the admin. */
const recordsOf = async (admin: Page, loan: TCreatedLoan) => {
  const token = await admin.evaluate(() => localStorage.getItem('token'));
  const response = await admin.request.get('/api/loans/agent/collection-report', {
    headers: { Authorization: `Bearer ${token}` },
    params: { search: loan.loan_code, limit: 100 },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).results as {
    amount: number;
    emi_number: number;
    record_type: string;
    collected_at: string | null;
  }[];
};

/** The agent on a phone, signed in, with the field app installed (its service worker in control). */
const agentOnPhone = async (browser: import('@playwright/test').Browser) => {
  const field = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const agent = await field.newPage();
  await signInAs(agent, 'agent');
  await expect(agent).toHaveURL(/\/agent-dashboard$/);
  await agent.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 20_000,
  });
  await expect(agent.getByTestId('last-synced')).toContainText('Last synced');
  return { field, agent };
};

const collect = async (agent: Page, loan: TCreatedLoan, partial?: string) => {
  await agent.getByRole('textbox', { name: 'Search' }).fill(loan.loan_code);
  await agent
    .getByTestId(`overdue-row-${loan.id}`)
    .getByRole('button', { name: `Collect ${loan.loan_code}` })
    .click();
  const dialog = agent.getByRole('dialog', { name: 'Collect Overdue Payment' });
  if (partial) await dialog.getByRole('textbox', { name: /Partial Amount/ }).fill(partial);
  await dialog.getByRole('button', { name: 'Record Collection' }).click();
  const receipt = agent.getByRole('dialog', { name: 'Receipt (pending sync)' });
  await expect(receipt.getByTestId('pending-receipt')).toContainText('pending sync');
  await expect(receipt.getByTestId('pending-receipt')).toContainText(loan.loan_code);
  await receipt.getByRole('button', { name: 'Close' }).last().click();
  await expect(receipt).toBeHidden();
  await agent.getByRole('textbox', { name: 'Search' }).fill('');
};

const goOnline = async (field: BrowserContext) => field.setOffline(false);

/** The overdue list's footer: "N loans · L of T overdue EMIs loaded", as numbers. */
const footerCounts = async (agent: Page) => {
  const text = (await agent.getByTestId('overdue-loaded').textContent()) ?? '';
  const match = /(\d+) loans? · (\d+) of (\d+) overdue EMIs loaded/.exec(text);
  expect(match, text).not.toBeNull();
  const [, loansShown, loaded, total] = (match ?? []).map(Number);
  return { loans: loansShown, loaded, total };
};

test.describe('The field app offline', () => {
  test('three collections offline (one partial) survive a reload and sync once each', async ({ browser }) => {
    test.setTimeout(150_000);
    const office = await browser.newContext();
    const admin = await office.newPage();
    await signInAs(admin, 'superadmin');
    const loans = [
      await overdueLoan(admin, 'Sunita Pawar'),
      await overdueLoan(admin, 'Mohammed Shaikh'),
      await overdueLoan(admin, 'Sunita Pawar'),
    ];
    const { field, agent } = await agentOnPhone(browser);

    await field.setOffline(true);
    await expect(agent.getByTestId('sync-panel')).toContainText('Offline');
    const before = await footerCounts(agent);
    await collect(agent, loans[0]);
    await collect(agent, loans[1]);
    await collect(agent, loans[2], '200');
    await expect(agent.getByTestId('unsynced-badge')).toHaveText('3 unsynced');
    // The footer counts what the list shows: two loans and their 4 + 4 EMIs left it; the partial stays.
    expect(await footerCounts(agent)).toEqual({
      loans: (before.loans ?? 0) - 2,
      loaded: (before.loaded ?? 0) - 8,
      total: (before.total ?? 0) - 8,
    });
    // Collected on the phone: the full collections leave the overdue list, the partial stays.
    await expect(agent.getByTestId(`overdue-row-${loans[0].id}`)).toHaveCount(0);
    await expect(agent.getByTestId(`overdue-row-${loans[2].id}`)).toHaveCount(1);

    // Reloaded with no network: the shell comes from the service worker, the queue from IndexedDB.
    await agent.reload();
    await expect(agent.getByRole('heading', { level: 1, name: 'Agent Dashboard' })).toBeVisible();
    await expect(agent.getByTestId('unsynced-badge')).toHaveText('3 unsynced');
    for (const loan of loans)
      await expect(agent.getByTestId(`queued-${loan.loan_code}`)).toContainText('Waiting to sync');
    await agent.screenshot({ path: `${SHOTS}/agent-offline-390.png`, fullPage: true });
    // A screen the phone does not keep says so, rather than an empty list and error toasts.
    await agent.getByRole('button', { name: 'Toggle navigation' }).click();
    await agent.getByRole('link', { name: 'My Loans' }).click();
    await expect(agent.getByTestId('offline-notice')).toHaveText(
      'Not available offline — it opens when the connection is back',
    );
    await expect(agent.getByText(/No loans found/)).toHaveCount(0);
    await agent.screenshot({ path: `${SHOTS}/agent-my-loans-offline-390.png`, fullPage: true });
    await agent.goBack();
    await expect(agent.getByRole('heading', { level: 1, name: 'Agent Dashboard' })).toBeVisible();

    await goOnline(field);
    await expect(agent.getByTestId('unsynced-badge')).toHaveCount(0, { timeout: 15_000 });
    for (const loan of loans)
      await expect(agent.getByTestId(`synced-${loan.loan_code}`)).toContainText('receipt no.');
    await agent.screenshot({ path: `${SHOTS}/agent-synced-390.png`, fullPage: true });

    expect((await recordsOf(admin, loans[0])).length).toBe(4);
    expect((await recordsOf(admin, loans[1])).length).toBe(4);
    const partial = await recordsOf(admin, loans[2]);
    expect(partial.map((record) => [record.emi_number, record.amount])).toEqual([[1, 200]]);
    expect(partial[0]?.collected_at).not.toBeNull();
    await field.close();
    await office.close();
  });

  test('the same queued collection sent twice (its answer lost) pays once', async ({ browser }) => {
    test.setTimeout(120_000);
    const office = await browser.newContext();
    const admin = await office.newPage();
    await signInAs(admin, 'superadmin');
    const loan = await overdueLoan(admin, 'Mohammed Shaikh');
    const { field, agent } = await agentOnPhone(browser);

    await field.setOffline(true);
    await collect(agent, loan);
    // The first send reaches the server, but its answer never reaches the phone.
    let sends = 0;
    await agent.route('**/api/emis/pay-overdue', async (route) => {
      sends += 1;
      if (sends === 1) {
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await goOnline(field);
    await expect.poll(() => sends).toBe(1);
    await expect(agent.getByTestId('unsynced-badge')).toHaveText('1 unsynced');
    await agent.getByRole('button', { name: 'Sync now' }).click();
    await expect(agent.getByTestId('unsynced-badge')).toHaveCount(0);
    expect(sends).toBe(2);
    expect((await recordsOf(admin, loan)).length).toBe(4);
    await field.close();
    await office.close();
  });

  test('a conflict (the office paid the EMI meanwhile) stops with its message; kept as credit held, nothing is lost', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const office = await browser.newContext();
    const admin = await office.newPage();
    await signInAs(admin, 'superadmin');
    const loan = await overdueLoan(admin, 'Sunita Pawar');
    const { field, agent } = await agentOnPhone(browser);

    await field.setOffline(true);
    await collect(agent, loan, '300');
    const token = await admin.evaluate(() => localStorage.getItem('token'));
    const paid = await admin.request.post(`/api/emi/pay/${loan.id}/1`, {
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `office-${Date.now()}` },
      data: { payment_type: 'full', payment_mode: 'cash' },
    });
    expect(paid.ok()).toBe(true);

    await goOnline(field);
    const queued = agent.getByTestId(`queued-${loan.loan_code}`);
    await expect(queued).toContainText('This EMI was already paid by someone else while you were offline.');
    await expect(agent.getByTestId('unsynced-badge')).toHaveText('1 unsynced');
    await agent.screenshot({ path: `${SHOTS}/agent-conflict-390.png`, fullPage: true });
    // Still there after a reload, and after another try: nothing is dropped but by the agent.
    await agent.reload();
    await agent.getByRole('button', { name: 'Sync now' }).click();
    await expect(queued).toContainText('already paid by someone else');
    expect((await recordsOf(admin, loan)).map((record) => record.amount)).toEqual([500]);
    // The agent keeps the ₹300 as the loan's credit held: recorded once, the queue empties.
    await expect(queued.getByRole('button', { name: 'Keep as credit held' })).toBeVisible();
    await expect(queued.getByRole('button', { name: 'Drop this collection' })).toBeVisible();
    await queued.getByRole('button', { name: 'Keep as credit held' }).click();
    await expect(agent.getByTestId('unsynced-badge')).toHaveCount(0);
    await expect(agent.getByTestId(`synced-${loan.loan_code}`)).toContainText("as the loan's credit held");
    const detail = await admin.request.get(`/api/loans/${loan.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect((await detail.json()).credit_held).toBe(300);
    // Nothing lost, nothing twice: the office's ₹500 on EMI 1 and the agent's ₹300 held as credit.
    const records = await recordsOf(admin, loan);
    expect(records.map((record) => [record.record_type, record.amount]).sort()).toEqual([
      ['credit_held', 300],
      ['emi', 500],
    ]);
    expect(records.find((record) => record.record_type === 'credit_held')?.collected_at).not.toBeNull();
    await agent.getByRole('button', { name: 'Sync now' }).click();
    expect(await recordsOf(admin, loan)).toHaveLength(2);
    await field.close();
    await office.close();
  });
});

import fs from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { createApprovedLoan, FOUR_DAYS_AGO, type TCreatedLoan } from '../support/loans';
import { stillFrame } from '../support/screens';
import { signInAs } from '../support/session';

const SHOTS = 'test-results/screens';

/** A loan that started four days ago for one of agent Ramesh's demo customers: EMIs 1–4 are overdue today. */
const overdueLoan = (page: Page, customerName: string, method: string): Promise<TCreatedLoan> =>
  createApprovedLoan(page, customerName, { startDate: FOUR_DAYS_AGO, paymentMethod: method });

test.describe('In the field', () => {
  test('an agent collects an overdue loan on a phone and the collections report shows it', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    await fs.mkdir(SHOTS, { recursive: true });

    const office = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const admin = await office.newPage();
    await signInAs(admin, 'superadmin');
    const loan = await overdueLoan(admin, 'Mohammed Shaikh', `Cash e2e field ${Date.now()}`);

    // The agent, on a phone, finds the loan among the overdue EMIs of their customers.
    const field = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const agent = await field.newPage();
    await signInAs(agent, 'agent');
    await expect(agent).toHaveURL(/\/agent-dashboard$/);
    await expect(agent.getByRole('heading', { level: 1, name: 'Agent Dashboard' })).toBeVisible();
    await agent.getByRole('textbox', { name: 'Search' }).fill(loan.loan_code);
    const row = agent.getByTestId(`overdue-row-${loan.id}`);
    await expect(row).toContainText('Mohammed Shaikh');
    await expect(row).toContainText('₹2,000');
    await expect(row).toContainText(`${loan.loan_code} · 4 EMIs`);
    await expect(row).toContainText('Since 17-11-2026');
    await stillFrame(agent);
    await agent.screenshot({ path: `${SHOTS}/agent-dashboard-390.png`, fullPage: true });

    // Details, then Collect with a late charge, recorded once.
    await row.getByRole('button', { name: `Details ${loan.loan_code}` }).click();
    const details = agent.getByRole('dialog', { name: 'Overdue EMI Details' });
    await expect(details.getByTestId('overdue-emis-table').getByRole('row')).toHaveCount(6);
    await details.getByRole('button', { name: 'Collect' }).click();
    const collect = agent.getByRole('dialog', { name: 'Collect Overdue Payment' });
    await expect(collect.getByTestId('collect-figures')).toContainText('Total Due₹2,000');
    await collect.getByRole('textbox', { name: /Late Charges/ }).fill('40');
    await expect(collect.getByTestId('collect-figures')).toContainText('Total to Collect₹2,040');
    await agent.screenshot({ path: `${SHOTS}/agent-collect-390.png` });
    await collect.getByRole('button', { name: 'Record Collection' }).click();

    // The receipt: on a phone, the text receipt with Print, Download and Close.
    const receipt = agent.getByRole('dialog', { name: 'Payment Receipt' });
    await expect(receipt.getByTestId('text-receipt')).toContainText(loan.loan_code);
    await expect(receipt.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    await agent.screenshot({ path: `${SHOTS}/agent-receipt-390.png` });
    await receipt.getByRole('button', { name: 'Close' }).last().click();
    await expect(receipt).toBeHidden();
    await expect(agent.getByTestId(`overdue-row-${loan.id}`)).toHaveCount(0);

    // The office: the collections report lists the four EMIs the agent collected.
    await admin.goto('/admin/loans/agent-collections');
    await expect(admin.getByRole('heading', { level: 1, name: 'Agent Collections' })).toBeVisible();
    await admin.getByRole('textbox', { name: 'Search' }).fill(loan.loan_code);
    await admin.getByRole('button', { name: 'Search' }).click();
    const rows = admin.getByTestId('collection-row').filter({ hasText: loan.loan_code });
    await expect(rows).toHaveCount(4);
    for (const text of ['Ramesh Yadav', 'Mohammed Shaikh', 'Cash', 'Paid'])
      await expect(rows.first()).toContainText(text);
    await expect(admin.getByTestId('collections-card-Total Collected')).toContainText('₹2,040');
    await expect(admin.getByTestId('daily-summary')).toContainText('Ramesh Yadav');
    await admin.screenshot({ path: `${SHOTS}/agent-collections.png`, fullPage: true });

    await field.close();
    await office.close();
  });
});

import fs from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createApprovedLoan, type TCreatedLoan } from '../support/loans';
import { stillFrame } from '../support/screens';
import { signInAs } from '../support/session';

/** The server's business date (playwright.config.ts BUSINESS_DATE): a loan starting then has EMI 1 due today. */
const TODAY = '2026-11-21';
const SHOTS = 'test-results/screens';

/** A loan starting today for a demo customer: EMI 1 is due today. */
const approvedLoan = (page: Page, customerName: string, method: string): Promise<TCreatedLoan> =>
  createApprovedLoan(page, customerName, { startDate: TODAY, paymentMethod: method });

/** A loan code and no longer one: searching LN000001 also finds LN000010 to LN000019. */
const exactly = (loanCode: string) => new RegExp(`${loanCode}(?!\\d)`);

/** The due-list row of a loan. */
const dueRow = (page: Page, loanCode: string): Locator =>
  page.getByTestId('due-row').filter({ hasText: exactly(loanCode) });

/** Payments Due narrowed to one loan by the search. */
const searchDue = async (page: Page, loanCode: string): Promise<Locator> => {
  await page.getByRole('textbox', { name: 'Search' }).fill(loanCode);
  const row = dueRow(page, loanCode);
  await expect(row).toHaveCount(1);
  const shown = await page.getByTestId('due-row').count();
  await expect(page.getByTestId('due-table-title')).toHaveText(`EMIs Due Today (${shown} records)`);
  return row;
};

test.describe('Collecting money', () => {
  test('pays and bounces from Payments Due, then pays partially and views the receipt in Loan Details', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await fs.mkdir(SHOTS, { recursive: true });
    await signInAs(page, 'superadmin');
    const stamp = Date.now();
    const paid = await approvedLoan(page, 'Sunita Pawar', `Cash e2e pay ${stamp}`);
    const bounced = await approvedLoan(page, 'Mohammed Shaikh', `Cash e2e bounce ${stamp}`);

    // Payments Due: the business date, pending EMIs.
    await page.goto('/admin/payments-due');
    await expect(page.getByRole('heading', { level: 1, name: 'Payments Due' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Pending');
    // Today is the server's business day (BUSINESS_DATE), whatever the browser's clock says.
    await expect(page.getByRole('textbox', { name: 'Date' })).toHaveValue('21/11/2026');
    await expect(dueRow(page, paid.loan_code)).toHaveCount(1);
    await expect(dueRow(page, bounced.loan_code)).toHaveCount(1);
    await expect(page.getByTestId('due-card-pending')).not.toContainText('Pending EMIs0');
    // One page at a time: never more rows drawn than a page holds, the title counts the whole day.
    expect(await page.getByTestId('due-row').count()).toBeLessThanOrEqual(50);
    await expect(page.getByTestId('due-table-title')).toHaveText(/EMIs Due Today \(\d+ records\)/);
    await stillFrame(page);
    await page.screenshot({ path: `${SHOTS}/payments-due-desktop.png`, fullPage: true });

    // The phone layout: rows become cards, dialogs fill the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = dueRow(page, paid.loan_code);
    await expect(card.getByRole('button', { name: `Pay EMI 1 of ${paid.loan_code}` })).toBeVisible();
    await stillFrame(page);
    await page.screenshot({ path: `${SHOTS}/payments-due-390.png`, fullPage: true });
    await card.getByRole('button', { name: `Pay EMI 1 of ${paid.loan_code}` }).click();
    await expect(page.getByRole('dialog', { name: 'Pay EMI' })).toBeVisible();
    await stillFrame(page);
    await page.screenshot({ path: `${SHOTS}/pay-dialog-390.png` });
    await page.getByRole('dialog', { name: 'Pay EMI' }).getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 1280, height: 720 });

    // Pay EMI 1 of the first loan in full.
    let row = await searchDue(page, paid.loan_code);
    await expect(row).toContainText('₹500');
    await row.getByRole('button', { name: `Pay EMI 1 of ${paid.loan_code}` }).click();
    const pay = page.getByRole('dialog', { name: 'Pay EMI' });
    await expect(pay.getByTestId('payment-preview')).toContainText('Amount to Collect₹500.00');
    await stillFrame(page);
    await page.screenshot({ path: `${SHOTS}/pay-dialog.png` });
    await pay.getByRole('button', { name: 'Pay EMI' }).click();
    await expect(page.getByText('EMI 1 fully paid.')).toBeVisible();
    await expect(pay).toBeHidden();
    await expect(row).toHaveCount(0);

    // Bounce EMI 1 of the second loan: the due list's reason.
    row = await searchDue(page, bounced.loan_code);
    await row.getByRole('button', { name: `Bounce EMI 1 of ${bounced.loan_code}` }).click();
    const bounce = page.getByRole('dialog', { name: 'Mark EMI as Bounced' });
    await expect(bounce.getByRole('textbox', { name: 'Reason' })).toHaveValue('Insufficient funds');
    await bounce.getByRole('textbox', { name: 'Bounce Charge (₹)' }).fill('50');
    await bounce.getByRole('button', { name: 'Mark as Bounced' }).click();
    await expect(page.getByText('EMI 1 marked as bounced')).toBeVisible();
    await expect(row).toHaveCount(0);

    // The bounced EMI shows with its badge and charge under the Bounced status.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Bounced', exact: true }).click();
    row = dueRow(page, bounced.loan_code);
    await expect(row).toContainText('Bounced');
    await expect(row).toContainText('₹50');
    await expect(row.getByRole('button')).toHaveCount(0);

    // Loan Details: pay EMI 2 of the first loan partially.
    await page.goto('/admin/loans');
    await page.getByRole('textbox', { name: 'Search' }).fill(paid.loan_code);
    const loanRow = page.getByRole('row').filter({ hasText: exactly(paid.loan_code) });
    await expect(loanRow).toHaveCount(1);
    await loanRow.getByRole('button', { name: `View loan details ${paid.loan_code}` }).click();
    const details = page.getByRole('dialog', { name: `Loan Details — ${paid.loan_code}` });
    await expect(details.getByTestId('emi-row')).toHaveCount(30);
    await expect(details.getByTestId('emi-row').first()).toContainText('Paid 21-11-2026');
    await details.getByRole('button', { name: 'Mark EMI 2 as paid' }).click();
    const markPaid = page.getByRole('dialog', { name: 'Mark EMI as Paid' });
    await markPaid.getByRole('radio', { name: 'Partial' }).check();
    await markPaid.getByRole('textbox', { name: 'Partial Amount (₹)' }).fill('200');
    const preview = markPaid.getByTestId('payment-preview');
    await expect(preview).toContainText('Remaining EMI₹300.00');
    await expect(preview).toContainText('Late Charge (10% of remaining)₹30.00');
    await expect(preview).toContainText('Carried to EMI 3₹330.00');
    await page.screenshot({ path: `${SHOTS}/mark-paid-partial.png` });
    await markPaid.getByRole('button', { name: 'Mark as Paid' }).click();
    await expect(page.getByText('Partial payment of ₹200 received. Remaining balance: ₹300.')).toBeVisible();
    await expect(markPaid).toBeHidden();
    const emi2 = details.getByTestId('emi-row').nth(1);
    await expect(emi2).toContainText('partial');
    await expect(details.getByTestId('emi-row').nth(2)).toContainText('₹330');
    await page.screenshot({ path: `${SHOTS}/loan-details-actions.png` });

    // Its receipt: the PDF in a frame (or the text fallback), downloaded under the loan code and EMI number.
    await emi2.getByRole('button', { name: 'View receipt of EMI 2' }).click();
    const receipt = page.getByRole('dialog', { name: 'Payment Receipt' });
    await expect(receipt.getByTestId('receipt-frame').or(receipt.getByTestId('receipt-text'))).toBeVisible();
    await expect(receipt.getByTestId('receipt-frame')).toBeVisible();
    await stillFrame(page);
    await page.screenshot({ path: `${SHOTS}/receipt-modal.png` });
    const downloading = page.waitForEvent('download');
    await receipt.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`receipt_${paid.loan_code}_EMI_2.pdf`);
    expect((await fs.readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.getByText('PDF downloaded successfully!')).toBeVisible();

    // Escape closes the receipt only; Loan Details stays.
    await page.keyboard.press('Escape');
    await expect(receipt).toBeHidden();
    await expect(details).toBeVisible();
  });
});

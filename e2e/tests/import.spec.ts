import fs from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signInAs } from '../support/session';

/** A sheet of the workbook: its name (which gives its kind) and its rows, the header row first. */
type TSheet = { name: string; rows: (string | number)[][] };

/** An .xlsx workbook as a lender fills in the template: a sheet per kind, headers in row 1. */
const workbook = async (sheets: TSheet[]): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  for (const sheet of sheets) book.addWorksheet(sheet.name).addRows(sheet.rows);
  return Buffer.from(await book.xlsx.writeBuffer());
};

/** Opens the Import screen from the navigation, as an admin finds it. */
const openImport = async (page: Page) => {
  await page.getByRole('link', { name: 'Import', exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/import$/);
  await expect(page.getByTestId('import-step-title')).toHaveText('Template');
};

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test.describe('Import', () => {
  test('the admin imports an agent, a customer and a loan with 10 EMIs paid, and finds the loan', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // Mobiles, e-mails and the reference are this run's own, so the book cannot hold them already.
    const stamp = String(Date.now()).slice(-8);
    const agentMobile = `98${stamp}`;
    const customerMobile = `97${stamp}`;
    const customerName = `Imported Customer ${stamp}`;
    const reference = `OLD-${stamp}`;

    await signInAs(page, 'admin');
    await openImport(page);

    // Step 1: the workbook template downloads as a non-empty .xlsx (a ZIP: it starts with PK).
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Excel template (.xlsx)' }).click();
    const template = await downloading;
    expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
    const templateBytes = await fs.readFile(await template.path());
    expect(templateBytes.length).toBeGreaterThan(0);
    expect(templateBytes.subarray(0, 2).toString()).toBe('PK');
    await page.getByRole('button', { name: 'Next: Upload' }).click();
    await expect(page.getByTestId('import-step-title')).toHaveText('Upload');

    // Step 2: the filled workbook. The loan started 10 days before the cut-over day (the business
    // date, 21/11/2026), so EMIs 1-10 are due and all 10 are paid: the loan is up to date.
    const file = await workbook([
      {
        name: 'Agents',
        rows: [
          ['Name', 'Mobile', 'Email'],
          [`Imported Agent ${stamp}`, agentMobile, `agent.${stamp}@import.example.com`],
        ],
      },
      {
        name: 'Customers',
        rows: [
          ['Name', 'Mobile', 'Email', 'Agent'],
          [customerName, customerMobile, `customer.${stamp}@import.example.com`, agentMobile],
        ],
      },
      {
        name: 'Loans',
        rows: [
          [
            'Loan reference',
            'Customer',
            'Loan amount',
            'Per-day EMI',
            'Tenure (EMI days)',
            'Start date',
            'EMIs paid',
          ],
          [reference, customerMobile, 10000, 120, 100, '12/11/2026', 10],
        ],
      },
    ]);
    await page
      .locator('input[type="file"][name="file"]')
      .setInputFiles({ name: 'old-book.xlsx', mimeType: XLSX, buffer: file });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();

    // Step 3: the sheets' kinds and columns are matched by name; the mapping is accepted as it is.
    await expect(page.getByTestId('import-step-title')).toHaveText('Map columns', { timeout: 15_000 });
    await expect(page.getByTestId('mapping-missing')).toHaveText(
      'Every required column has its column in the file.',
    );
    await page.getByRole('button', { name: 'Save mapping' }).click();

    // Step 4: the check runs as a job and finds no error.
    await expect(page.getByTestId('import-step-title')).toHaveText('Check');
    await page.getByRole('button', { name: 'Start check' }).click();
    await expect(page.getByTestId('check-result')).toContainText('No errors', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Next: Import' }).click();

    // Step 5: import, confirmed in a dialog, then the success and where to find what was written.
    await expect(page.getByTestId('import-step-title')).toHaveText('Import');
    await expect(page.getByText('Ready to import: Agents 1, Customers 1, Loans 1.')).toBeVisible();
    await page.getByRole('button', { name: 'Import now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Import this file?' });
    await confirm.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByTestId('commit-result')).toContainText('Imported', { timeout: 60_000 });
    await page.getByTestId('imported-links').getByRole('link', { name: 'Loans' }).click();

    // The loan is in the book: found by its customer, its details show the opening position.
    await expect(page).toHaveURL(/\/admin\/loans$/);
    await page.getByRole('textbox', { name: 'Search' }).fill(customerName);
    const row = page.getByRole('row').filter({ hasText: customerName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('₹10,000');
    await expect(row).toContainText('₹120');
    const loanCode = (await row.locator('td').first().innerText()).split('\n').at(-1)?.trim() ?? '';
    expect(loanCode).toMatch(/^LN\d+$/);
    await row.getByRole('button', { name: `View loan details ${loanCode}` }).click();
    const details = page.getByRole('dialog', { name: `Loan Details — ${loanCode}` });
    const cards = details.getByTestId('loan-summary-cards');
    await expect(cards).toContainText('Loan Amount₹10,000');
    await expect(cards).toContainText('Daily EMI₹120');
    await expect(cards).toContainText('EMIs Paid10 / 100');
    await expect(cards).toContainText('EMIs Pending90');
    await expect(details.getByText(customerName)).toBeVisible();
    await expect(details.getByText(customerMobile)).toBeVisible();
    // What is still owed: the 90 open EMIs of ₹120, no late charge (the loan is up to date).
    const owed = details.getByTestId('late-charge-summary');
    await expect(owed).toContainText('Open EMIs90');
    await expect(owed).toContainText('EMI Amount Pending₹10,800.00');
    await expect(owed).toContainText('Late Charges₹0.00');
    await expect(details.getByTestId('emi-row')).toHaveCount(100);
  });

  test('a PDF renamed .xlsx is refused by its bytes', async ({ page }) => {
    await signInAs(page, 'admin');
    await openImport(page);
    await page.getByRole('button', { name: 'Next: Upload' }).click();
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    );
    await page
      .locator('input[type="file"][name="file"]')
      .setInputFiles({ name: 'book.xlsx', mimeType: XLSX, buffer: pdf });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const refusal = page.getByTestId('upload-refusal');
    await expect(refusal).toContainText('The file was not accepted');
    await expect(refusal).toContainText('This file is a PDF document, not a spreadsheet');
    // Nothing was kept: the wizard stays on the upload step.
    await expect(page.getByTestId('import-step-title')).toHaveText('Upload');
  });
});

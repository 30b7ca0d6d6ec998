import { beforeAll, describe, expect, it } from 'vitest';
import { booksTestApp, okBody } from '../../../test/support/books';
import { pdfTextRuns } from '../../../test/support/emi-api';
import { getJson } from '../../../test/support/loan-api';
import { createLoan } from '../../../test/support/loans';
import type { LoanRow } from '../../db/schema';

const { t, cast, ...book } = await booksTestApp();

let loan: LoanRow;

/** ₹360 collected on 17, 18 and 19 November, then the loan edited to ₹150 a day on the 20th. */
beforeAll(async () => {
  loan = await book.threeDaysThenEdit(17);
});

const csvOf = async (query: string) => {
  const response = await getJson(t, cast.admin.headers, `/api/loans/export?export_type=csv&${query}`);
  expect(response.statusCode).toBe(200);
  const [header = '', ...rows] = response.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');
  const columns = header.split(',');
  return rows.map((row) => {
    const cells = row.split(',');
    return Object.fromEntries(columns.map((column, index) => [column, cells[index]]));
  });
};

describe('the loans export reads collected money from the ledger', () => {
  it('keeps the cash collected after a schedule rewrite (now credit held); nothing refunded', async () => {
    const [row] = await csvOf(`search=${loan.loanCode}`);
    expect(row).toMatchObject({
      'Loan Code': loan.loanCode,
      'Daily EMI': '150.00',
      Collected: '360.00',
      'Credit Held': '360.00',
      Refunded: '0.00',
    });
  });

  it('credit applied is not new cash: collected stays, credit held shrinks', async () => {
    okBody(await book.post(cast.admin.headers, `/api/loans/${loan.id}/apply-credit`, {}));
    const [row] = await csvOf(`search=${loan.loanCode}`);
    expect(row).toMatchObject({ Collected: '360.00', 'Credit Held': '60.00', Refunded: '0.00' });
  });

  it('a loan with no payment exports zeros; the PDF prints the collected column and its total', async () => {
    const fresh = (await createLoan(t.db, { customer: cast.customerB })).loan;
    const [row] = await csvOf(`search=${fresh.loanCode}`);
    expect(row).toMatchObject({ Collected: '0.00', 'Credit Held': '0.00', Refunded: '0.00' });
    const pdf = await getJson(
      t,
      cast.admin.headers,
      `/api/loans/export?export_type=pdf&search=${loan.loanCode}`,
    );
    expect(pdf.statusCode).toBe(200);
    const runs = pdfTextRuns(pdf.rawPayload);
    expect(runs).toContain('Collected');
    expect(runs).toContain('₹360');
    expect(runs.some((run) => run.endsWith('collected ₹360'))).toBe(true);
  });
});

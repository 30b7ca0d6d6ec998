import { beforeAll } from 'vitest';
import type { LoanRow } from '../../src/db/schema';
import { emiTestApp, expectOk } from './emi-api';
import { createLoan } from './loans';

type EmiApp = Awaited<ReturnType<typeof emiTestApp>>;

/**
 * Ten records across two agents, for the export tests (each app built with 3 rows per export batch,
 * so every export crosses several batch edges): agent A collects EMIs 1–6 of Asha's loan, agent B
 * collects EMIs 1–3 of Bharat's and bounces EMI 4 (₹120 each, paid late: both loans started on 11-10).
 */
export const exportBook = async ({ t, cast, api }: EmiApp): Promise<{ loanA: LoanRow; loanB: LoanRow }> => {
  const loanA = (
    await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-10', totalEmiDays: 20 })
  ).loan;
  const loanB = (
    await createLoan(t.db, { customer: cast.customerB, startDate: '2026-11-10', totalEmiDays: 20 })
  ).loan;
  for (const emi of [1, 2, 3, 4, 5, 6]) expectOk(await api.pay(cast.agentA.headers, loanA.id, emi, {}));
  for (const emi of [1, 2, 3]) expectOk(await api.pay(cast.agentB.headers, loanB.id, emi, {}));
  expectOk(await api.bounce(cast.agentB.headers, loanB.id, 4, { late_charges: 20, reason: 'No funds' }));
  return { loanA, loanB };
};

/** A CSV answer's data rows (header and BOM off), each split on commas (the book's cells have none). */
export const csvRows = (body: string): string[][] => {
  const lines = body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split(/\r?\n/);
  return lines.slice(1).map((line) => line.split(','));
};

export const csvHeader = (body: string): string => body.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';

/**
 * An app whose exports read 3 rows per batch, with the export book laid down before the file's tests
 * run: `book` holds its loans from then on.
 */
export const exportBookApp = async () => {
  const app = await emiTestApp({ exportBatchRows: 3 });
  // Filled by beforeAll, before any test reads it.
  const book = {} as { loanA: LoanRow; loanB: LoanRow };
  beforeAll(async () => {
    Object.assign(book, await exportBook(app));
  });
  return { app, book };
};

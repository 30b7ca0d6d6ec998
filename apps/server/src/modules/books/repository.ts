import type { Emi, LedgerEntry, LoanStatus } from '@lending/domain';
import { and, asc, gt, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emis, loanLedger, loans } from '../../db/schema';
import { toDomainEmi, toLedgerEntry } from '../loans';

/** A loan as the books check needs it; `emiCount` (its tenure) sizes the batches. */
export type BooksLoan = { id: number; loanCode: string; status: LoanStatus; emiCount: number };

/** The next `limit` loans after `afterId`, by id: keyset pagination, so every page is an index range. */
export const loansAfter = async (db: Executor, afterId: number, limit: number): Promise<BooksLoan[]> => {
  const rows = await db
    .select({ id: loans.id, loanCode: loans.loanCode, status: loans.status, emiCount: loans.totalEmiDays })
    .from(loans)
    .where(gt(loans.id, afterId))
    .orderBy(asc(loans.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, status: row.status as LoanStatus }));
};

/** The EMIs of the loans with ids in [firstId, lastId], as the lending rules read them, in one query. */
export const emisOfLoans = async (
  db: Executor,
  firstId: number,
  lastId: number,
): Promise<{ loanId: number; emi: Emi }[]> => {
  const rows = await db
    .select()
    .from(emis)
    .where(and(gte(emis.loanId, firstId), lte(emis.loanId, lastId)))
    .orderBy(asc(emis.loanId), asc(emis.emiNumber));
  return rows.map((row) => ({ loanId: row.loanId, emi: toDomainEmi(row) }));
};

/**
 * The ledger rows of the loans with ids in [firstId, lastId], oldest first per loan, in one query;
 * read through the same mapping as the EMI services, so every field the rules see is checked.
 */
export const ledgerOfLoans = async (
  db: Executor,
  firstId: number,
  lastId: number,
): Promise<{ loanId: number; entry: LedgerEntry }[]> => {
  const rows = await db
    .select()
    .from(loanLedger)
    .where(and(gte(loanLedger.loanId, firstId), lte(loanLedger.loanId, lastId)))
    .orderBy(asc(loanLedger.loanId), asc(loanLedger.id));
  return rows.map((row) => ({ loanId: row.loanId, entry: toLedgerEntry(row) }));
};

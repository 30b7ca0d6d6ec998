import type { Emi, LedgerEntry, LoanStatus } from '@lending/domain';
import { and, asc, gt, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emis, loanLedger, loans } from '../../db/schema';

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
    .select({
      loanId: emis.loanId,
      emiNumber: emis.emiNumber,
      emiDate: emis.emiDate,
      amount: emis.amount,
      lateCharge: emis.lateCharge,
      carriedInstalment: emis.carriedInstalment,
      status: emis.status,
      paymentType: emis.paymentType,
      paymentDate: emis.paymentDate,
      partialPaymentAmount: emis.partialPaymentAmount,
      remainingBalance: emis.remainingBalance,
      bounceCount: emis.bounceCount,
      bouncedOn: emis.bouncedOn,
      bouncedReason: emis.bouncedReason,
      bounceStatus: emis.bounceStatus,
      duesWith: emis.duesWith,
    })
    .from(emis)
    .where(and(gte(emis.loanId, firstId), lte(emis.loanId, lastId)))
    .orderBy(asc(emis.loanId), asc(emis.emiNumber));
  return rows.map((row) => ({
    loanId: row.loanId,
    emi: {
      emi_number: row.emiNumber,
      emi_date: row.emiDate,
      amount: row.amount,
      late_charge: row.lateCharge,
      carried_instalment: row.carriedInstalment,
      status: row.status as Emi['status'],
      payment_type: row.paymentType as Emi['payment_type'],
      paid_on: row.paymentDate,
      partial_payment_amount: row.partialPaymentAmount,
      remaining_balance: row.remainingBalance,
      bounce_count: row.bounceCount,
      bounced_on: row.bouncedOn,
      bounced_reason: row.bouncedReason,
      bounce_status: row.bounceStatus as Emi['bounce_status'],
      dues_with: row.duesWith,
    },
  }));
};

/** The ledger rows of the loans with ids in [firstId, lastId], oldest first per loan, in one query. */
export const ledgerOfLoans = async (
  db: Executor,
  firstId: number,
  lastId: number,
): Promise<{ loanId: number; entry: LedgerEntry }[]> => {
  const rows = await db
    .select({
      loanId: loanLedger.loanId,
      kind: loanLedger.kind,
      cause: loanLedger.cause,
      emiNumber: loanLedger.emiNumber,
      toEmiNumber: loanLedger.toEmiNumber,
      reverses: loanLedger.reverses,
      amount: loanLedger.amount,
      instalment: loanLedger.instalment,
      penalty: loanLedger.penalty,
    })
    .from(loanLedger)
    .where(and(gte(loanLedger.loanId, firstId), lte(loanLedger.loanId, lastId)))
    .orderBy(asc(loanLedger.loanId), asc(loanLedger.id));
  return rows.map((row) => ({
    loanId: row.loanId,
    entry: {
      kind: row.kind as LedgerEntry['kind'],
      cause: row.cause as LedgerEntry['cause'],
      emi_number: row.emiNumber,
      to_emi_number: row.toEmiNumber,
      reverses: row.reverses as LedgerEntry['reverses'],
      amount: row.amount,
      instalment: row.instalment,
      penalty: row.penalty,
    },
  }));
};

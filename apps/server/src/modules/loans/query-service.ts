import {
  creditHeldOf,
  isTerminalLoanStatus,
  loanScopeOf,
  ownLoansScope,
  paiseToRupees,
  type TLoanDetail,
  type TLoanListQuery,
  type TLoanListResponse,
  type TMyLoan,
  type TMyLoanDetail,
} from '@lending/domain';
import type { Db, Executor } from '../../db/client';
import type { AuthUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { LOAN_NOT_FOUND, type LoanWithPeople, listLedger } from '../money';
import { settleFigure } from '../read-model';
import { listLoans, listOwnLoans, loanTotals } from './list-repository';
import { toEmiView, toLoanView } from './presenter';
import { findLoanWithPeople } from './repository';
import { latestCreditSource, listEmis } from './schedule-repository';

/** One loan with its people, as the caller may see it; outside their scope it does not exist (404). */
export const findVisibleLoan = async (db: Executor, actor: AuthUser, id: number): Promise<LoanWithPeople> => {
  const row = await findLoanWithPeople(db, id, loanScopeOf(actor));
  if (!row) throw notFound(LOAN_NOT_FOUND);
  return row;
};

/** A loan read for a signed link (a receipt link in a message), whose signature stands in for a session. */
export const findLinkedLoan = async (db: Executor, id: number): Promise<LoanWithPeople> => {
  const row = await findLoanWithPeople(db, id);
  if (!row) throw notFound(LOAN_NOT_FOUND);
  return row;
};

/**
 * The overdue filters select loans by their oldest open EMI date, which the projector brings after a
 * payment commits: brought up to this moment first, so a loan paid a moment ago is not listed as overdue.
 */
export const settleOverdueDates = async (
  db: Db,
  filter: Pick<TLoanListQuery, 'overdue_min' | 'overdue_max'>,
): Promise<void> => {
  if (filter.overdue_min !== undefined || filter.overdue_max !== undefined)
    await settleFigure(db, 'oldest-open-emi');
};

/** Reading loans: the Loan Management list, one loan with its schedule, a borrower's own loans. */
export const createLoanQueries = (deps: AppDeps) => {
  const { db, signer, clock } = deps;
  const view = (row: LoanWithPeople) => toLoanView(row, signer, clock.now().getTime());
  const myView = (row: LoanWithPeople & { nextEmiDate: string | null }): TMyLoan => ({
    ...view(row),
    tenure: row.loan.totalEmiDays,
    next_emi_date: row.nextEmiDate,
  });

  return {
    /** GET /loans: one page; totals and card counts over every loan the filters match. */
    async list(actor: AuthUser, query: TLoanListQuery): Promise<TLoanListResponse> {
      const { page, limit, ...filters } = query;
      const filter = { ...filters, scope: loanScopeOf(actor), today: clock.today() };
      await settleOverdueDates(db, filter);
      const [rows, totals] = await Promise.all([
        listLoans(db, filter, { limit, offset: (page - 1) * limit }),
        loanTotals(db, filter),
      ]);
      return {
        loans: rows.map(view),
        total: totals.total,
        totalPages: Math.ceil(totals.total / limit),
        totalAmount: paiseToRupees(totals.totalAmount),
        counts: { accepted: totals.accepted, pending: totals.pending, completed: totals.completed },
      };
    },

    /** GET /loans/{id}: the loan and its EMIs in order; out of the caller's scope it does not exist. */
    async get(actor: AuthUser, id: number): Promise<TLoanDetail> {
      const row = await findVisibleLoan(db, actor, id);
      const credit = creditHeldOf(await listLedger(db, id));
      const source = credit > 0 ? await latestCreditSource(db, id) : null;
      return {
        ...view(row),
        emis: (await listEmis(db, id)).map(toEmiView),
        credit_held: paiseToRupees(credit),
        refund_due: isTerminalLoanStatus(row.loan.status) ? paiseToRupees(credit) : 0,
        credit_source: source && {
          business_date: source.businessDate,
          at: source.at.toISOString(),
          by_name: source.byName,
        },
      };
    },

    /** GET /loans/my: the caller's own loans, newest first, as a plain array. */
    async mine(actor: AuthUser): Promise<TMyLoan[]> {
      const rows = await listOwnLoans(db, ownLoansScope(actor), clock.today());
      return rows.map(myView);
    },

    /** GET /loans/my/{id}: one of the caller's own loans with its EMIs. */
    async mineOne(actor: AuthUser, id: number): Promise<TMyLoanDetail> {
      const [row] = await listOwnLoans(db, ownLoansScope(actor), clock.today(), id);
      if (!row) throw notFound(LOAN_NOT_FOUND);
      return { loan: myView(row), emis: (await listEmis(db, id)).map(toEmiView) };
    },
  };
};

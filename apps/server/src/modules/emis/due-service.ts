import type { Readable } from 'node:stream';
import {
  defuseCsvText,
  fullPaymentDue,
  isCurrentBounced,
  loanScopeOf,
  paiseToRupees,
  paiseToRupeesOrNull,
  plainRupees,
  type TDueEmi,
  type TDueEmisQuery,
  type TDueEmisResponse,
} from '@lending/domain';
import type { AuthUser } from '../../platform/access';
import { csvFile } from '../../platform/csv-file';
import type { AppDeps } from '../../platform/deps';
import { toDomainEmi, toEmiView } from '../loans';
import { bouncedEmisOf, type DueRow, listDueEmis } from './due-repository';

/** A due-list row as the API answers it, with what a full payment would collect now. */
const toDueEmi = (row: DueRow, currentBounced: ReturnType<typeof toDomainEmi> | undefined): TDueEmi => {
  const emi = toDomainEmi(row.emi);
  const state = { status: 'approved' as const, emis: currentBounced ? [currentBounced, emi] : [emi] };
  const due = fullPaymentDue(state, emi.emi_number);
  return {
    ...toEmiView(row.emi),
    full_payment_amount: paiseToRupeesOrNull(due),
    Loan: {
      id: row.emi.loanId,
      loan_number: row.loanNumber,
      loan_code: row.loanCode,
      per_day_emi: paiseToRupees(row.perDayEmi),
      customer: { name: row.customerName, mobile: row.customerMobile },
    },
  };
};

const CSV_HEADER = [
  'Loan #',
  'Loan Code',
  'Customer',
  'Mobile',
  'EMI #',
  'Due Date',
  'EMI Amount',
  'Late Charges',
  'Total Due',
  'Status',
];

/** Payments Due: one day's EMIs of approved loans, agents' own customers only. */
export const createDueEmis = (deps: AppDeps) => {
  const load = async (actor: AuthUser, query: TDueEmisQuery) => {
    const date = query.date ?? deps.clock.today();
    const rows = await listDueEmis(deps.db, {
      date,
      status: query.status,
      search: query.search || undefined,
      scope: loanScopeOf(actor),
    });
    const bounced = await bouncedEmisOf(deps.db, [...new Set(rows.map((row) => row.emi.loanId))]);
    const current = new Map(
      bounced
        .map((row) => ({ loanId: row.loanId, emi: toDomainEmi(row) }))
        .filter(({ emi }) => isCurrentBounced(emi))
        .map(({ loanId, emi }) => [loanId, emi]),
    );
    return { date, rows, current };
  };

  return {
    /** GET /loans/emis/due */
    async list(actor: AuthUser, query: TDueEmisQuery): Promise<TDueEmisResponse> {
      const { date, rows, current } = await load(actor, query);
      return {
        date,
        status: query.status,
        emis: rows.map((row) => toDueEmi(row, current.get(row.emi.loanId))),
      };
    },

    /** GET /loans/emis/due/export: the same rows as CSV (UTF-8 with a BOM), named for the date. */
    async csv(actor: AuthUser, query: TDueEmisQuery): Promise<{ fileName: string; body: Readable }> {
      const { date, rows } = await load(actor, query);
      const lines = rows.map(({ emi, ...loan }) => [
        loan.loanNumber,
        loan.loanCode,
        defuseCsvText(loan.customerName),
        defuseCsvText(loan.customerMobile),
        emi.emiNumber,
        emi.emiDate,
        plainRupees(emi.amount),
        plainRupees(emi.lateCharge),
        plainRupees(emi.amount + emi.lateCharge),
        emi.status,
      ]);
      return { fileName: `payments_due_${date}.csv`, body: csvFile(CSV_HEADER, lines) };
    },
  };
};

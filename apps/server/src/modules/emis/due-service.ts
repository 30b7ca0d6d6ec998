import type { Readable } from 'node:stream';
import {
  defuseCsvText,
  dueCursorOf,
  fullPaymentDue,
  isCurrentBounced,
  loanScopeOf,
  paiseToRupees,
  paiseToRupeesOrNull,
  plainRupees,
  type TDueEmi,
  type TDueEmisQuery,
  type TDueEmisResponse,
  type TDueExportQuery,
  type TDueTotalsView,
} from '@lending/domain';
import type { AuthUser } from '../../platform/access';
import { csvFile } from '../../platform/csv-file';
import type { AppDeps } from '../../platform/deps';
import { toDomainEmi, toEmiView } from '../loans';
import { type DueTotalsRow, settleFigure } from '../read-model';
import {
  bouncedEmisOf,
  type DueFilter,
  type DueRow,
  dueEmiPage,
  dueEmiTotals,
  eachDueEmi,
} from './due-repository';

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
      bounce_charge: row.productBounceCharge === null ? null : Number(row.productBounceCharge),
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

/** Rows an export reads per query; tests pass a small one to cross several batches. */
export const DUE_EXPORT_BATCH = 1000;

/** What the export's name says of its dates: all, before_<date>, <date>_to_<to> or <date>. */
const dueFileTag = (filter: DueFilter): string => {
  if (filter.dates === 'any') return 'all';
  if (filter.dates === 'before') return `before_${filter.date}`;
  return filter.dates === 'range' ? `${filter.date}_to_${filter.to}` : filter.date;
};

const totalsView = (totals: DueTotalsRow): TDueTotalsView => ({
  total_to_collect: paiseToRupees(totals.totalToCollect),
  overdue: totals.overdue,
  pending: totals.pending,
  late_charges: paiseToRupees(totals.lateCharges),
  open_count: totals.openCount,
  open_amount: paiseToRupees(totals.openAmount),
});

/** Payments Due: EMIs of approved loans by date and status, agents' own customers only. */
export const createDueEmis = (deps: AppDeps, options: { exportBatchSize?: number } = {}) => {
  const exportBatchSize = options.exportBatchSize ?? DUE_EXPORT_BATCH;
  const filterOf = (actor: AuthUser, query: TDueExportQuery): DueFilter => ({
    date: query.date ?? deps.clock.today(),
    dates: query.dates,
    to: query.to,
    status: query.status,
    search: query.search || undefined,
    scope: loanScopeOf(actor),
  });

  /** Each loan's current bounced EMI, whose dues a full payment of a later EMI also collects. */
  const currentBouncedOf = async (rows: readonly DueRow[]) => {
    const bounced = await bouncedEmisOf(deps.db, [...new Set(rows.map((row) => row.emi.loanId))]);
    return new Map(
      bounced
        .map((row) => ({ loanId: row.loanId, emi: toDomainEmi(row) }))
        .filter(({ emi }) => isCurrentBounced(emi))
        .map(({ loanId, emi }) => [loanId, emi]),
    );
  };

  return {
    /** GET /loans/emis/due: one page, and on the first page the totals of the whole filter. */
    async list(actor: AuthUser, query: TDueEmisQuery): Promise<TDueEmisResponse> {
      const filter = filterOf(actor, query);
      // The cards read the EMI states the projector folds in after each payment: up to now first.
      if (!query.cursor) await settleFigure(deps.db, 'list-totals');
      // One row more than the page tells whether another page follows, without counting.
      const [fetched, totals] = await Promise.all([
        dueEmiPage(deps.db, filter, query.limit + 1, query.cursor),
        query.cursor ? null : dueEmiTotals(deps.db, filter),
      ]);
      const rows = fetched.slice(0, query.limit);
      const current = await currentBouncedOf(rows);
      const last = rows.at(-1);
      return {
        date: filter.date,
        status: filter.status,
        dates: filter.dates,
        emis: rows.map((row) => toDueEmi(row, current.get(row.emi.loanId))),
        limit: query.limit,
        next_cursor:
          fetched.length > query.limit && last ? dueCursorOf(last.emi.loanId, last.emi.emiNumber) : null,
        total: totals?.count ?? null,
        totals: totals ? totalsView(totals) : null,
      };
    },

    /**
     * GET /loans/emis/due/export: every row of the filter as CSV (UTF-8 with a BOM), named for the
     * date, written as each batch is read.
     */
    csv(actor: AuthUser, query: TDueExportQuery): { fileName: string; body: Readable } {
      const filter = filterOf(actor, query);
      async function* lines() {
        for await (const { emi, ...loan } of eachDueEmi(deps.db, filter, exportBatchSize)) {
          yield [
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
          ];
        }
      }
      return {
        fileName: `payments_due_${dueFileTag(filter)}.csv`,
        body: csvFile(CSV_HEADER, lines()),
      };
    },
  };
};

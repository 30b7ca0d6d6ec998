import {
  DUE_DATE_SCOPES,
  DUE_STATUS_FILTERS,
  dueTotals,
  isIsoDate,
  NO_DUE_TOTALS,
  paiseToRupees,
  rupeesToPaise,
  type TDueDateScope,
  type TDueEmi,
  type TDueEmisResponse,
  type TDueStatusFilter,
  type TDueTotals,
  type TDueTotalsView,
} from '@lending/domain';
import type { InfiniteData } from '@tanstack/react-query';

export type TDuePages = InfiniteData<TDueEmisResponse, string | null>;

/**
 * Payments Due's filters as its URL carries them (`?date=&dates=&status=`): anything unknown falls
 * back to the defaults (the business day, that day only, pending).
 */
export const dueFiltersOf = (
  params: URLSearchParams,
): { date: string | undefined; dates: TDueDateScope; to: string | undefined; status: TDueStatusFilter } => {
  const date = params.get('date') ?? '';
  const to = params.get('to') ?? '';
  return {
    date: isIsoDate(date) ? date : undefined,
    to: isIsoDate(to) ? to : undefined,
    dates: DUE_DATE_SCOPES.find((scope) => scope === params.get('dates')) ?? 'day',
    status: DUE_STATUS_FILTERS.find((status) => status === params.get('status')) ?? 'pending',
  };
};

/**
 * The cards of the whole filter as the server summed them (on the first page): never summed from
 * the rows loaded so far, which are only the pages scrolled to.
 */
export const serverTotals = (first: TDueEmisResponse | undefined): TDueTotals =>
  first?.totals
    ? {
        totalToCollect: rupeesToPaise(first.totals.total_to_collect),
        overdue: first.totals.overdue,
        pending: first.totals.pending,
        lateCharges: rupeesToPaise(first.totals.late_charges),
        openCount: first.totals.open_count,
        openAmount: rupeesToPaise(first.totals.open_amount),
      }
    : NO_DUE_TOTALS;

const minus = (totals: TDueTotalsView, row: TDueEmi): TDueTotalsView => {
  const share = dueTotals([row]);
  return {
    total_to_collect: paiseToRupees(rupeesToPaise(totals.total_to_collect) - share.totalToCollect),
    overdue: totals.overdue - share.overdue,
    pending: totals.pending - share.pending,
    late_charges: paiseToRupees(rupeesToPaise(totals.late_charges) - share.lateCharges),
    open_count: totals.open_count - share.openCount,
    open_amount: paiseToRupees(rupeesToPaise(totals.open_amount) - share.openAmount),
  };
};

/**
 * The loaded pages without `row` (just paid or bounced), its share taken off the first page's count
 * and totals, so the cards and the record count follow at once. Later pages are unaffected: they
 * continue from a cursor, not an offset.
 */
export const withoutDueRow = (data: TDuePages | undefined, row: TDueEmi): TDuePages | undefined => {
  if (data === undefined || !data.pages.some((page) => page.emis.some((emi) => emi.id === row.id)))
    return data;
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      emis: page.emis.filter((emi) => emi.id !== row.id),
      ...(index === 0 && page.totals !== null && page.total !== null
        ? { total: page.total - 1, totals: minus(page.totals, row) }
        : {}),
    })),
  };
};

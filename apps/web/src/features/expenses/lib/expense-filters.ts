import { EXPENSE_FILTER_DEBOUNCE_MS, expenseDateRangeError, type IsoDate, isIsoDate } from '@lending/domain';
import type { TListFiltersOptions } from '../../../lib/use-list-filters';
import type { TExpenseFilters } from '../api/list-expenses';

export const NO_EXPENSE_FILTERS: TExpenseFilters = { search: '', userId: '', startDate: '', endDate: '' };

const orUndefined = (value: string) => (value === '' ? undefined : value);

/**
 * The list's filters: a link may open it on a range (startDate, endDate as YYYY-MM-DD: the dashboard's
 * Expenses card, this month); every filter applies 400 ms after the last change, and never a range the
 * rule refuses (start after end, or a day after today in Asia/Kolkata).
 */
export const expenseFilterOptions = (
  today: IsoDate,
): Omit<TListFiltersOptions<TExpenseFilters>, 'onApply'> => ({
  blank: NO_EXPENSE_FILTERS,
  urlKeys: ['startDate', 'endDate'],
  acceptsUrl: (_key, value) => isIsoDate(value),
  debounced: 'all',
  debounceMs: EXPENSE_FILTER_DEBOUNCE_MS,
  refusal: (filters) =>
    expenseDateRangeError(orUndefined(filters.startDate), orUndefined(filters.endDate), today),
});

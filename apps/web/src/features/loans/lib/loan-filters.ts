import { LOAN_CLASSES } from '@lending/domain';
import type { TListFiltersOptions } from '../../../lib/use-list-filters';
import { EMPTY_LOAN_FILTERS, type TLoanFilters } from '../api/list-loans';

/**
 * The list's filters: a URL may name any of them (`?status=&customer_id=&start_date=&end_date=&overdue_min=&overdue_max=&loan_class=`:
 * the dashboard's figures and the portfolio's ageing buckets link to their loans this way); the search
 * applies 500 ms after typing stops, the others at once.
 */
export const LOAN_FILTER_OPTIONS: Omit<TListFiltersOptions<TLoanFilters>, 'onApply'> = {
  blank: EMPTY_LOAN_FILTERS,
  urlKeys: Object.keys(EMPTY_LOAN_FILTERS) as (keyof TLoanFilters)[],
  // A class the select does not offer would show as none while the server refuses the list.
  acceptsUrl: (key, value) => key !== 'loan_class' || LOAN_CLASSES.some((loanClass) => loanClass === value),
  debounced: ['search'],
  debounceMs: 500,
};

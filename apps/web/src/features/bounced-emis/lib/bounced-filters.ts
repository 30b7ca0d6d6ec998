import { bouncedDateRangeError, type IsoDate } from '@lending/domain';
import type { TListFiltersOptions } from '../../../lib/use-list-filters';
import type { TBouncedFilters } from '../api/list-bounced-emis';
import { BOUNCED_FILTER_DEBOUNCE_MS } from './bounced-list';

const orNull = (value: string): string | null => (value === '' ? null : value);

/**
 * The list's filters: both dates start at today, the server's business day in Asia/Kolkata; every
 * filter applies 400 ms after the last change, and never a Date To before Date From.
 */
export const bouncedFilterOptions = (
  today: IsoDate,
): Omit<TListFiltersOptions<TBouncedFilters>, 'onApply'> => ({
  blank: { search: '', dateFrom: '', dateTo: '' },
  initial: { search: '', dateFrom: today, dateTo: today },
  debounced: 'all',
  debounceMs: BOUNCED_FILTER_DEBOUNCE_MS,
  refusal: (filters) => bouncedDateRangeError(orNull(filters.dateFrom), orNull(filters.dateTo)),
});

import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EMPTY_LOAN_FILTERS, type TLoanFilters } from '../api/list-loans';

/** Loan search waits this long after typing stops. */
export const LOAN_SEARCH_DEBOUNCE_MS = 500;

type TOtherFilters = Omit<TLoanFilters, 'search'>;

/**
 * The filters a URL may name (`?status=&customer_id=&start_date=&end_date=&overdue_min=&overdue_max=`:
 * the dashboard's figures and the portfolio's ageing buckets link to their loans this way); the rest empty.
 */
export const filtersOfUrl = (params: URLSearchParams): TOtherFilters => ({
  status: params.get('status') ?? '',
  customer_id: params.get('customer_id') ?? '',
  start_date: params.get('start_date') ?? '',
  end_date: params.get('end_date') ?? '',
  overdue_min: params.get('overdue_min') ?? '',
  overdue_max: params.get('overdue_max') ?? '',
});

/**
 * The list's filters: the search box as typed and, for the server, the same filters with the search
 * debounced. Any change returns the pager to page 1 (`onChange`).
 */
export const useLoanFilters = (onChange: () => void) => {
  const [params] = useSearchParams();
  const [searchText, setSearchTextState] = useState(() => params.get('search') ?? '');
  // The page opens with the filters its URL names (a dashboard figure links to its loans this way).
  const [others, setOthers] = useState<TOtherFilters>(() => filtersOfUrl(params));
  const [debouncedSearch] = useDebouncedValue(searchText.trim(), LOAN_SEARCH_DEBOUNCE_MS);

  const applied: TLoanFilters = useMemo(
    () => ({ ...others, search: debouncedSearch }),
    [others, debouncedSearch],
  );

  const setSearchText = (value: string) => {
    setSearchTextState(value);
    onChange();
  };
  const setFilter = (key: keyof Omit<TLoanFilters, 'search'>, value: string) => {
    setOthers((current) => ({ ...current, [key]: value }));
    onChange();
  };
  const clearFilter = (key: keyof TLoanFilters) => {
    if (key === 'search') setSearchText('');
    else if (key === 'overdue_min' || key === 'overdue_max') {
      setOthers((current) => ({ ...current, overdue_min: '', overdue_max: '' }));
      onChange();
    } else setFilter(key, '');
  };
  const clearAll = () => {
    setSearchTextState('');
    setOthers(EMPTY_LOAN_FILTERS);
    onChange();
  };

  return {
    applied,
    searchText,
    values: { ...others, search: searchText },
    setSearchText,
    setFilter,
    clearFilter,
    clearAll,
  };
};

export type TLoanFiltersState = ReturnType<typeof useLoanFilters>;

import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { EMPTY_LOAN_FILTERS, type TLoanFilters } from '../api/list-loans';

/** Loan search waits this long after typing stops. */
export const LOAN_SEARCH_DEBOUNCE_MS = 500;

/**
 * The list's filters: the search box as typed and, for the server, the same filters with the search
 * debounced. Any change returns the pager to page 1 (`onChange`).
 */
export const useLoanFilters = (onChange: () => void) => {
  const [searchText, setSearchTextState] = useState('');
  const [others, setOthers] = useState<Omit<TLoanFilters, 'search'>>(EMPTY_LOAN_FILTERS);
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
    else setFilter(key, '');
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

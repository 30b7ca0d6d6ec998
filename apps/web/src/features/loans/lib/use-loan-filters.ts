import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EMPTY_LOAN_FILTERS, type TLoanFilters } from '../api/list-loans';

/** Loan search waits this long after typing stops. */
export const LOAN_SEARCH_DEBOUNCE_MS = 500;

/** Filters a link may open the list with (`?overdue_min=31&overdue_max=90`). */
const LINKED_FILTERS = ['overdue_min', 'overdue_max'] as const;

/**
 * The list's filters: the search box as typed and, for the server, the same filters with the search
 * debounced. Any change returns the pager to page 1 (`onChange`).
 */
export const useLoanFilters = (onChange: () => void) => {
  const [searchText, setSearchTextState] = useState('');
  const [searchParams] = useSearchParams();
  const [others, setOthers] = useState<Omit<TLoanFilters, 'search'>>(() => {
    const linked = { ...EMPTY_LOAN_FILTERS };
    for (const key of LINKED_FILTERS) linked[key] = searchParams.get(key) ?? '';
    return linked;
  });
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

import { EXPENSE_FILTER_DEBOUNCE_MS, expenseDateRangeError, isIsoDate } from '@lending/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useBusinessToday } from '../../../lib/business-today';
import type { TExpenseFilters } from '../api/list-expenses';

export const NO_EXPENSE_FILTERS: TExpenseFilters = { search: '', userId: '', startDate: '', endDate: '' };

const orUndefined = (value: string) => (value === '' ? undefined : value);

const dayOf = (value: string | null) => (value !== null && isIsoDate(value) ? value : '');

/** The range a link asks for (startDate, endDate as YYYY-MM-DD); nothing else comes from the URL. */
const fromUrl = (params: URLSearchParams): TExpenseFilters => ({
  ...NO_EXPENSE_FILTERS,
  startDate: dayOf(params.get('startDate')),
  endDate: dayOf(params.get('endDate')),
});

/**
 * The filters as typed and, 400 ms after the last change, as applied. A date range the rule refuses
 * (start after end, or a day after today in Asia/Kolkata) is never applied: its message shows
 * instead. Applying returns the pager to page 1 (`onApply`).
 */
export const useExpenseFilters = (onApply: () => void) => {
  const today = useBusinessToday();
  // A link may open the list filtered to a range (the dashboard's Expenses card: this month).
  const [params] = useSearchParams();
  const [initial] = useState(() => fromUrl(params));
  const [values, setValues] = useState<TExpenseFilters>(initial);
  const [applied, setApplied] = useState<TExpenseFilters>(initial);
  const typed = useMemo(() => ({ ...values, search: values.search.trim() }), [values]);
  const [debounced] = useDebouncedValue(typed, EXPENSE_FILTER_DEBOUNCE_MS);
  const rangeError = (filters: TExpenseFilters) =>
    expenseDateRangeError(orUndefined(filters.startDate), orUndefined(filters.endDate), today);
  const dateError = rangeError(values);

  const latestOnApply = useRef(onApply);
  latestOnApply.current = onApply;
  const appliedRef = useRef(applied);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the range rule reads today, which only matters with new filters
  useEffect(() => {
    if (rangeError(debounced) !== null) return;
    const current = appliedRef.current;
    const same = (Object.keys(debounced) as (keyof TExpenseFilters)[]).every(
      (key) => current[key] === debounced[key],
    );
    if (same) return;
    appliedRef.current = debounced;
    setApplied(debounced);
    latestOnApply.current();
  }, [debounced]);

  const set = (key: keyof TExpenseFilters, value: string) =>
    setValues((current) => ({ ...current, [key]: value }));
  const reset = () => setValues(NO_EXPENSE_FILTERS);

  return { values, applied, dateError, set, reset };
};

export type TExpenseFiltersState = ReturnType<typeof useExpenseFilters>;

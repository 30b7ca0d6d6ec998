import { bouncedDateRangeError } from '@lending/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useBusinessToday } from '../../../lib/business-today';
import type { TBouncedFilters } from '../api/list-bounced-emis';
import { BOUNCED_FILTER_DEBOUNCE_MS } from './bounced-list';

const orNull = (value: string): string | null => (value === '' ? null : value);

/** Both dates start at today, the server's business day in Asia/Kolkata. */
export const defaultBouncedFilters = (today: string): TBouncedFilters => ({
  search: '',
  dateFrom: today,
  dateTo: today,
});

/**
 * The filters as typed and, 400 ms after the last change, as applied. A range whose
 * Date To precedes Date From is never applied: its message shows instead. Applying returns the pager
 * to page 1 (`onApply`).
 */
export const useBouncedFilters = (onApply: () => void) => {
  const today = useBusinessToday();
  const [values, setValues] = useState<TBouncedFilters>(() => defaultBouncedFilters(today));
  // Dates still at their default follow the business day once the server has said which day it is.
  const defaultDay = useRef(today);
  useEffect(() => {
    const previous = defaultDay.current;
    if (previous === today) return;
    defaultDay.current = today;
    setValues((current) => ({
      ...current,
      dateFrom: current.dateFrom === previous ? today : current.dateFrom,
      dateTo: current.dateTo === previous ? today : current.dateTo,
    }));
  }, [today]);
  const [applied, setApplied] = useState<TBouncedFilters>(values);
  const typed = useMemo(
    () => ({ search: values.search.trim(), dateFrom: values.dateFrom, dateTo: values.dateTo }),
    [values.search, values.dateFrom, values.dateTo],
  );
  const [debounced] = useDebouncedValue(typed, BOUNCED_FILTER_DEBOUNCE_MS);
  const dateError = bouncedDateRangeError(orNull(values.dateFrom), orNull(values.dateTo));

  const latestOnApply = useRef(onApply);
  latestOnApply.current = onApply;
  const appliedRef = useRef(applied);

  useEffect(() => {
    if (bouncedDateRangeError(orNull(debounced.dateFrom), orNull(debounced.dateTo)) !== null) return;
    const current = appliedRef.current;
    if (
      current.search === debounced.search &&
      current.dateFrom === debounced.dateFrom &&
      current.dateTo === debounced.dateTo
    )
      return;
    appliedRef.current = debounced;
    setApplied(debounced);
    latestOnApply.current();
  }, [debounced]);

  const set = (key: keyof TBouncedFilters, value: string) =>
    setValues((current) => ({ ...current, [key]: value }));
  const clearAll = () => setValues({ search: '', dateFrom: '', dateTo: '' });

  return { values, applied, dateError, set, clearAll };
};

export type TBouncedFiltersState = ReturnType<typeof useBouncedFilters>;
